import {
  ChevronRight,
  ChevronsUpDown,
  FileLock2,
  LogOut,
  Mail,
  ShieldCheck,
  SlidersHorizontal,
  User,
} from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { TeamSwitcher } from "#app/components/organizations/team-switcher.tsx";
import { Avatar, AvatarFallback, AvatarImage } from "#app/components/ui/avatar.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#app/components/ui/collapsible.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#app/components/ui/tooltip.tsx";
import { cn } from "#app/lib/cn.ts";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { initialsOf } from "#app/lib/initials.ts";
import { useCan } from "#app/lib/use-can.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import { formatPrice } from "#core/shared/number-format.ts";
import {
  APP_NAVIGATION,
  type NavBadge as NavBadgeValue,
  type NavGroup,
  type NavItem,
  withBadges,
} from "./app-navigation.ts";
import { Sidebar, useIsIconMode, useSidebar } from "./sidebar.tsx";

const itemClass =
  "flex h-9 w-full items-center gap-2 rounded-md px-2 text-sm outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring [&>svg]:size-4 [&>svg]:shrink-0";

/** `badges`: live badge texts by path (the Getting Started progress), over the static ones. */
export function AppSidebar({ viewer, badges = {} }: { viewer: Viewer | null; badges?: Record<string, string> }) {
  const { t } = useTranslation("shell");
  return (
    <Sidebar>
      <div className="p-2">
        <TeamSwitcher organization={viewer?.organization ?? null} itemClass={itemClass} />
      </div>
      <nav
        aria-label={t("sidebar.appNavigation")}
        className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overflow-x-hidden p-2"
      >
        {withBadges(APP_NAVIGATION, badges).map((group) => (
          <SidebarGroup key={group.label} group={group} />
        ))}
      </nav>
      <div className="flex flex-col gap-1 border-sidebar-border border-t p-2">
        <ContactButton />
        <UserMenu viewer={viewer} />
      </div>
    </Sidebar>
  );
}

function useIsCurrent() {
  const location = useLocation();
  return (to: string) => {
    const [path, query] = to.split("?");
    const currentPath = location.pathname.replace(/\/+$/, "") || "/";
    if (path !== currentPath) return false;
    return query ? location.search === `?${query}` : !location.search.includes("view=");
  };
}

function SidebarGroup({ group }: { group: NavGroup }) {
  const { t } = useTranslation("shell");
  const isIconMode = useIsIconMode();
  const can = useCan();
  const label = t(group.label);
  const items = (
    <ul className="flex flex-col gap-0.5">
      {group.items
        .filter((item) => !item.permission || can(item.permission))
        .map((item) => (
          <li key={item.to}>{item.children ? <ExpandableItem item={item} /> : <SidebarLink item={item} />}</li>
        ))}
    </ul>
  );

  if (!group.isCollapsible || isIconMode) {
    return (
      <section aria-label={label}>
        <h2 className={cn("px-2 pb-1 font-medium text-sidebar-foreground/60 text-xs", isIconMode && "sr-only")}>
          {label}
        </h2>
        {items}
      </section>
    );
  }
  return (
    <Collapsible defaultOpen={group.isOpenByDefault} className="group/collapsible">
      <section aria-label={label}>
        <CollapsibleTrigger className="flex min-h-6 w-full items-center justify-between rounded-md px-2 pb-1 font-medium text-sidebar-foreground/60 text-xs outline-none hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring">
          <h2>{label}</h2>
          <ChevronRight
            aria-hidden="true"
            className="size-3.5 transition-transform group-data-[state=open]/collapsible:rotate-90"
          />
        </CollapsibleTrigger>
        <CollapsibleContent>{items}</CollapsibleContent>
      </section>
    </Collapsible>
  );
}

function SidebarLink({ item }: { item: NavItem }) {
  const { t } = useTranslation("shell");
  const isIconMode = useIsIconMode();
  const isCurrent = useIsCurrent();
  const { isMobile, setMobileOpen } = useSidebar();
  const Icon = item.icon;
  const isActive = isCurrent(item.to);
  const link = (
    <Link
      to={item.to}
      aria-current={isActive ? "page" : undefined}
      onClick={() => isMobile && setMobileOpen(false)}
      className={cn(itemClass, isActive && "bg-sidebar-accent font-medium text-sidebar-accent-foreground")}
    >
      <Icon aria-hidden="true" />
      <span className={cn("truncate", isIconMode && "sr-only")}>{t(item.label)}</span>
      {item.badge && !isIconMode ? <NavBadge badge={item.badge} /> : null}
    </Link>
  );
  if (!isIconMode) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{t(item.label)}</TooltipContent>
    </Tooltip>
  );
}

function ExpandableItem({ item }: { item: NavItem }) {
  const { t } = useTranslation("shell");
  const isIconMode = useIsIconMode();
  const isCurrent = useIsCurrent();
  const location = useLocation();
  if (isIconMode) return <SidebarLink item={item} />;
  const Icon = item.icon;
  const isWithin = location.pathname.startsWith(item.to);
  return (
    <Collapsible defaultOpen={isWithin} className="group/item">
      <CollapsibleTrigger className={cn(itemClass, isWithin && "font-medium")}>
        <Icon aria-hidden="true" />
        <span className="truncate">{t(item.label)}</span>
        {item.badge ? <NavBadge badge={item.badge} /> : null}
        <ChevronRight
          aria-hidden="true"
          className={cn("size-4 transition-transform group-data-[state=open]/item:rotate-90", !item.badge && "ml-auto")}
        />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ul className="ml-4 flex flex-col gap-0.5 border-sidebar-border border-l py-0.5 pl-2">
          {item.children?.map((child) => (
            <li key={child.to}>
              <Link
                to={child.to}
                aria-current={isCurrent(child.to) ? "page" : undefined}
                className={cn(
                  itemClass,
                  "h-8",
                  isCurrent(child.to) && "bg-sidebar-accent font-medium text-sidebar-accent-foreground",
                )}
              >
                {t(child.label)}
              </Link>
            </li>
          ))}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}

function NavBadge({ badge }: { badge: NavBadgeValue }) {
  const { t } = useTranslation("shell");
  const locale = useLocale();
  const text =
    "key" in badge
      ? t(badge.key)
      : "amount" in badge
        ? formatPrice(decimalToMinor(badge.amount, badge.currency), badge.currency, locale)
        : badge.text;
  return (
    <Badge variant="secondary" className="ml-auto h-5 px-1.5 text-[0.7rem] tabular-nums">
      {text}
    </Badge>
  );
}

function ContactButton() {
  const { t } = useTranslation("shell");
  const isIconMode = useIsIconMode();
  return (
    <a href="mailto:support@adhelm.com?subject=Adhelm%20support" className={itemClass}>
      <Mail aria-hidden="true" />
      <span className={cn(isIconMode && "sr-only")}>{t("sidebar.contact")}</span>
    </a>
  );
}

function UserMenu({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation("shell");
  const isIconMode = useIsIconMode();
  const logoutForm = useRef<HTMLFormElement>(null);
  const name = viewer?.name ?? t("userMenu.yourAccount");
  const initials = initialsOf(name);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={cn(itemClass, "h-12 px-1.5")}>
        <span className="sr-only">{t("userMenu.label")}</span>
        <Avatar className="size-8 rounded-lg">
          {viewer?.avatarUrl ? <AvatarImage src={viewer.avatarUrl} alt="" /> : null}
          <AvatarFallback className="rounded-lg">{initials}</AvatarFallback>
        </Avatar>
        <span className={cn("grid flex-1 text-left leading-tight", isIconMode && "sr-only")}>
          <span className="truncate font-medium">{name}</span>
          {viewer ? <span className="truncate text-sidebar-foreground/60 text-xs">{viewer.email}</span> : null}
        </span>
        {isIconMode ? null : <ChevronsUpDown aria-hidden="true" className="ml-auto" />}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" side="top" className="w-56">
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" /> {t("userMenu.profile")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/preferences">
            <SlidersHorizontal aria-hidden="true" /> {t("userMenu.preferences")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/security">
            <ShieldCheck aria-hidden="true" /> {t("userMenu.security")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/privacy">
            <FileLock2 aria-hidden="true" /> {t("userMenu.privacy")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {/* The menu unmounts on select, so the item submits a form that lives outside it. */}
        <DropdownMenuItem onSelect={() => logoutForm.current?.requestSubmit()}>
          <LogOut aria-hidden="true" /> {t("userMenu.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
      <Form ref={logoutForm} method="post" action="/logout" reloadDocument hidden />
    </DropdownMenu>
  );
}
