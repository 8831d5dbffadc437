import { Check, ChevronsUpDown, Loader2, Plus, Search } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useIsIconMode, useSidebar } from "#app/components/layout/sidebar.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { OrganizationLogo } from "./organization-logo.tsx";

// The form (react-hook-form, zod) loads when the dialog is first opened, not with every app screen.
const CreateOrganizationDialog = lazy(() =>
  import("./create-organization-dialog.tsx").then((module) => ({ default: module.CreateOrganizationDialog })),
);

/** One of the viewer's organizations, as /organizations/mine lists them. */
interface SwitcherOrganization {
  organizationId: string;
  name: string;
  logo: string | null;
  role: string;
  isActive: boolean;
}

// Past this many, the menu gets a search box: an agency with 20 clients finds one by typing.
const SEARCH_FROM = 6;

const ROLE_KEYS: Record<string, string> = {
  owner: "organization.roles.owner",
  admin: "organization.roles.admin",
  manager: "organization.roles.manager",
  analyst: "organization.roles.analyst",
  viewer: "organization.roles.viewer",
};

/**
 * The sidebar's Switch Organization: the viewer's organizations (last used first, the active one
 * checked, their role under each name), a search box once there are many, and Create New. The list
 * is fetched when the menu opens, so page loads don't pay for it.
 */
export function TeamSwitcher({
  organization,
  itemClass,
}: {
  organization: Viewer["organization"] | null;
  itemClass: string;
}) {
  const { t } = useTranslation("shell");
  const { t: to } = useTranslation("organization");
  const isIconMode = useIsIconMode();
  const { isMobile, setMobileOpen } = useSidebar();
  const list = useFetcher<{ organizations: SwitcherOrganization[] }>();
  const switcher = useFetcher<{ ok: false; message: string }>();
  const [query, setQuery] = useState("");
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [wasCreateOpened, setCreateOpened] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const roleLabel = (role: string) => (ROLE_KEYS[role] ? t(ROLE_KEYS[role]) : role);
  const name = organization?.name ?? "Adhelm";

  const organizations = list.data?.organizations ?? null;
  const shown = (organizations ?? []).filter((entry) =>
    entry.name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase()),
  );
  const hasSearch = (organizations?.length ?? 0) >= SEARCH_FROM;

  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) return;
    setQuery("");
    list.load("/organizations/mine");
  };

  const choose = (entry: SwitcherOrganization) => {
    if (entry.isActive) return;
    switcher.submit({ organizationId: entry.organizationId }, { method: "post", action: "/organizations/switch" });
  };

  // The drawer (which unmounts this menu when it closes) closes once the switch has landed; a
  // failed switch (the organization was left or deleted meanwhile) says so.
  const wasSwitching = useRef(false);
  useEffect(() => {
    if (switcher.state !== "idle") {
      wasSwitching.current = true;
      return;
    }
    if (!wasSwitching.current) return;
    wasSwitching.current = false;
    const result = switcher.data;
    if (result && !result.ok) toast.error(to("switcher.failed"), { description: result.message });
    else if (isMobile) setMobileOpen(false);
  }, [switcher.state, switcher.data, to, isMobile, setMobileOpen]);

  const isSwitching = switcher.state !== "idle";
  return (
    <>
      <DropdownMenu onOpenChange={onOpenChange}>
        <DropdownMenuTrigger className={cn(itemClass, "h-12 px-1.5")}>
          <span className="sr-only">{t("organization.switchLabel")}</span>
          <OrganizationLogo name={name} logo={organization?.logo ?? null} className="size-8" />
          <span className={cn("grid flex-1 text-left leading-tight", isIconMode && "sr-only")}>
            <span className="truncate font-semibold">{name}</span>
            <span className="truncate text-sidebar-foreground/60 text-xs">
              {organization ? roleLabel(organization.role) : t("organization.yours")}
            </span>
          </span>
          {isSwitching ? (
            <Loader2 aria-hidden="true" className={cn("animate-spin", !isIconMode && "ml-auto")} />
          ) : isIconMode ? null : (
            <ChevronsUpDown aria-hidden="true" className="ml-auto" />
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          side={isIconMode ? "right" : "bottom"}
          className="w-[min(18rem,calc(100vw-2rem))]"
          onCloseAutoFocus={(event) => {
            if (isCreateOpen) event.preventDefault();
          }}
        >
          <DropdownMenuLabel className="text-muted-foreground text-xs">{t("organization.switch")}</DropdownMenuLabel>
          {hasSearch ? (
            <div className="relative px-1 pb-1">
              <Search
                aria-hidden="true"
                className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
              />
              <Input
                ref={searchRef}
                type="search"
                value={query}
                autoFocus
                onChange={(event) => setQuery(event.currentTarget.value)}
                // The menu's own typeahead would take the letters; arrows still move into the list.
                onKeyDown={(event) => {
                  if (event.key !== "ArrowDown" && event.key !== "ArrowUp" && event.key !== "Escape")
                    event.stopPropagation();
                }}
                aria-label={to("switcher.search")}
                placeholder={to("switcher.searchPlaceholder")}
                className="h-8 pl-8"
              />
            </div>
          ) : null}
          <div className="max-h-72 overflow-y-auto">
            {organizations === null ? (
              <DropdownMenuItem disabled>
                <OrganizationLogo name={name} logo={organization?.logo ?? null} className="size-6" />
                <span className="truncate">{name}</span>
                <Check aria-label={t("organization.current")} className="ml-auto" />
              </DropdownMenuItem>
            ) : shown.length === 0 ? (
              <p className="px-2 py-3 text-center text-muted-foreground text-sm">{to("switcher.noMatch")}</p>
            ) : (
              shown.map((entry) => (
                <DropdownMenuItem
                  key={entry.organizationId}
                  onSelect={() => choose(entry)}
                  aria-current={entry.isActive ? "true" : undefined}
                >
                  <OrganizationLogo name={entry.name} logo={entry.logo} className="size-6" />
                  <span className="grid min-w-0 flex-1 leading-tight">
                    <span className="truncate">{entry.name}</span>
                    <span className="truncate text-muted-foreground text-xs">{roleLabel(entry.role)}</span>
                  </span>
                  {entry.isActive ? <Check aria-label={t("organization.current")} className="ml-auto" /> : null}
                </DropdownMenuItem>
              ))
            )}
          </div>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => {
              setCreateOpened(true);
              setCreateOpen(true);
            }}
          >
            <Plus aria-hidden="true" /> {t("organization.createNew")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {wasCreateOpened ? (
        <Suspense fallback={null}>
          <CreateOrganizationDialog
            isOpen={isCreateOpen}
            onOpenChange={setCreateOpen}
            onCreated={() => isMobile && setMobileOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
