import {
  Bell,
  CreditCard,
  Gauge,
  Image,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  Plug,
  Rocket,
  Settings,
  SlidersHorizontal,
  Sparkles,
  Target,
  User,
  Users,
} from "lucide-react";

export interface NavLeaf {
  to: string;
  label: string;
}

export interface NavItem extends NavLeaf {
  icon: LucideIcon;
  badge?: string;
  /** Expandable entries list their sub-pages. */
  children?: NavLeaf[];
}

export interface NavGroup {
  label: string;
  items: NavItem[];
  isCollapsible?: boolean;
  isOpenByDefault?: boolean;
}

export const GETTING_STARTED_PATH = "/getting-started";

/** The sidebar of the spec, in its order. */
export const APP_NAVIGATION: NavGroup[] = [
  {
    label: "Platform",
    items: [
      { to: "/ask-shown", label: "Ask Adhelm", icon: Sparkles, badge: "Beta" },
      // Its badge is the viewer's progress ("3/6"), set by the app layout's loader.
      { to: GETTING_STARTED_PATH, label: "Getting Started", icon: Rocket },
      { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
      { to: "/campaigns/mes-ads", label: "Campaigns", icon: Megaphone },
      { to: "/optimizer", label: "Optimizer", icon: Gauge },
      { to: "/notifications", label: "Notifications", icon: Bell },
      {
        to: "/billing",
        label: "Billing",
        icon: CreditCard,
        badge: "€0",
        children: [
          { to: "/billing", label: "Subscription" },
          { to: "/billing?view=invoices", label: "Invoices" },
        ],
      },
      {
        to: "/assets",
        label: "Assets",
        icon: Image,
        children: [
          { to: "/assets", label: "Library" },
          { to: "/assets?view=uploads", label: "Uploads" },
        ],
      },
    ],
  },
  {
    label: "Settings",
    isCollapsible: true,
    isOpenByDefault: true,
    items: [
      { to: "/settings/general", label: "General", icon: Settings },
      { to: "/integrations", label: "Integrations", icon: Plug },
      { to: "/settings/api-keys", label: "API keys", icon: KeyRound },
      { to: "/settings/team", label: "Team", icon: Users },
      { to: "/settings/conversions", label: "Conversions", icon: Target },
    ],
  },
  {
    label: "Account",
    items: [
      { to: "/account/profile", label: "Profile", icon: User },
      { to: "/account/preferences", label: "Preferences", icon: SlidersHorizontal },
    ],
  },
];

const EXTRA_TITLES: Record<string, string> = {
  "/dashboard/integrations": "Integrations",
  "/profile": "Profile",
  "/preferences": "Preferences",
  "/goals": "Goals",
};

/** The navigation with live badges (path → text) in place of the static ones. */
export function withBadges(navigation: NavGroup[], badges: Record<string, string>): NavGroup[] {
  return navigation.map((group) => ({
    ...group,
    items: group.items.map((item) => (badges[item.to] ? { ...item, badge: badges[item.to] } : item)),
  }));
}

/** The page title the shell's header shows for a path. */
export function titleForPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (EXTRA_TITLES[path]) return EXTRA_TITLES[path];
  const items = APP_NAVIGATION.flatMap((group) => group.items);
  const exact = items.find((item) => item.to === path);
  if (exact) return exact.label;
  // A page inside an entry (a campaign's page inside Campaigns) carries the entry's title.
  const parent = items.find((item) => path.startsWith(`${item.to}/`));
  return parent?.label ?? "Dashboard";
}
