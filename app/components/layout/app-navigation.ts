import {
  Bell,
  CreditCard,
  FileLock2,
  Gauge,
  Image,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Megaphone,
  Plug,
  Rocket,
  ScrollText,
  Settings,
  ShieldCheck,
  SlidersHorizontal,
  Sparkles,
  Target,
  User,
  Users,
  Webhook,
} from "lucide-react";
import type { Permission } from "#core/access/permissions.ts";

/** Labels are catalog keys of the "shell" namespace ("nav.dashboard"), translated where rendered. */
export interface NavLeaf {
  to: string;
  label: string;
}

/** A badge beside an entry: a catalog key, an amount (formatted in the reader's locale) or live text ("3/6"). */
export type NavBadge = { key: string } | { amount: number; currency: string } | { text: string };

export interface NavItem extends NavLeaf {
  icon: LucideIcon;
  badge?: NavBadge;
  /** Expandable entries list their sub-pages. */
  children?: NavLeaf[];
  /** Shown only to those whose role has this permission (the page itself refuses the others). */
  permission?: Permission;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
  isCollapsible?: boolean;
  isOpenByDefault?: boolean;
}

export const GETTING_STARTED_PATH = "/getting-started";
export const NOTIFICATIONS_PATH = "/notifications";
export const BILLING_PATH = "/billing";

/** The sidebar of the spec, in its order. */
export const APP_NAVIGATION: NavGroup[] = [
  {
    label: "nav.groups.platform",
    items: [
      { to: "/ask-shown", label: "nav.askAdhelm", icon: Sparkles, badge: { key: "nav.badges.beta" } },
      // Its badge is the viewer's progress ("3/6"), set by the app layout's loader.
      { to: GETTING_STARTED_PATH, label: "nav.gettingStarted", icon: Rocket },
      { to: "/dashboard", label: "nav.dashboard", icon: LayoutDashboard },
      { to: "/campaigns/mes-ads", label: "nav.campaigns", icon: Megaphone },
      { to: "/optimizer", label: "nav.optimizer", icon: Gauge },
      { to: "/rules", label: "nav.rules", icon: ListChecks },
      // Its badge is the viewer's unread count, set by the app layout's loader and kept live by a poll.
      { to: NOTIFICATIONS_PATH, label: "nav.notifications", icon: Bell },
      // Its badge is the amount due in the organization's billing currency, set by the app layout's loader.
      {
        to: BILLING_PATH,
        label: "nav.billing",
        icon: CreditCard,
        badge: { amount: 0, currency: "EUR" },
        children: [
          { to: BILLING_PATH, label: "nav.overview" },
          { to: "/billing/invoices", label: "nav.invoices" },
          { to: "/billing/payment-method", label: "nav.paymentMethod" },
        ],
      },
      {
        to: "/assets",
        label: "nav.assets",
        icon: Image,
        children: [
          { to: "/assets", label: "nav.library" },
          { to: "/assets?view=uploads", label: "nav.uploads" },
        ],
      },
    ],
  },
  {
    label: "nav.groups.settings",
    isCollapsible: true,
    isOpenByDefault: true,
    items: [
      { to: "/settings/general", label: "nav.general", icon: Settings },
      { to: "/integrations", label: "nav.integrations", icon: Plug },
      { to: "/settings/api-keys", label: "nav.apiKeys", icon: KeyRound },
      { to: "/settings/webhooks", label: "nav.webhooks", icon: Webhook },
      { to: "/settings/team", label: "nav.team", icon: Users },
      { to: "/settings/audit", label: "nav.auditLog", icon: ScrollText, permission: "audit.read" },
      { to: "/settings/conversions", label: "nav.conversions", icon: Target },
    ],
  },
  {
    label: "nav.groups.account",
    items: [
      { to: "/account/profile", label: "nav.profile", icon: User },
      { to: "/account/preferences", label: "nav.preferences", icon: SlidersHorizontal },
      { to: "/account/security", label: "nav.security", icon: ShieldCheck },
      { to: "/account/privacy", label: "nav.privacy", icon: FileLock2 },
    ],
  },
];

const EXTRA_TITLES: Record<string, string> = {
  "/dashboard/integrations": "nav.integrations",
  "/profile": "nav.profile",
  "/preferences": "nav.preferences",
  "/goals": "nav.goals",
};

/** The navigation with live badges (path → text) in place of the static ones. */
export function withBadges(navigation: NavGroup[], badges: Record<string, string>): NavGroup[] {
  return navigation.map((group) => ({
    ...group,
    items: group.items.map((item) => {
      const text = badges[item.to];
      return text ? { ...item, badge: { text } } : item;
    }),
  }));
}

/** The page title the shell's header shows for a path: a catalog key of the "shell" namespace. */
export function titleForPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (EXTRA_TITLES[path]) return EXTRA_TITLES[path];
  const items = APP_NAVIGATION.flatMap((group) => group.items);
  const exact = items.find((item) => item.to === path);
  if (exact) return exact.label;
  // A page inside an entry (a campaign's page inside Campaigns) carries the entry's title.
  const parent = items.find((item) => path.startsWith(`${item.to}/`));
  return parent?.label ?? "nav.dashboard";
}
