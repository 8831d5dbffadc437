/**
 * How a screen shows what the viewer's role may not do: the control stays (its presence teaches
 * what the product can do) but is disabled, with the reason in a tooltip — "Your role (Analyst)
 * can't change campaigns. Ask an admin." — or a short note. It decides nothing: the server checks
 * every action again (core/access/permissions.ts).
 */
import type { ReactElement, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "#app/components/ui/tooltip.tsx";
import { useCan } from "#app/lib/use-can.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { type Role, roleOf } from "#core/access/actor.ts";
import type { Permission } from "#core/access/permissions.ts";

const ROLE_KEYS: Record<Role, string> = {
  owner: "shell:organization.roles.owner",
  admin: "shell:organization.roles.admin",
  manager: "shell:organization.roles.manager",
  analyst: "shell:organization.roles.analyst",
  viewer: "shell:organization.roles.viewer",
};

/** What a screen may gate: everything but reading and one's own things, which every member may. */
export type Gated = Exclude<Permission, "workspace.read" | "self.manage">;

const ACTION_KEYS: Partial<Record<Gated, string>> = {
  "campaigns.change": "access:actions.campaigns.change",
  "connections.manage": "access:actions.connections.manage",
  "connections.sync": "access:actions.connections.sync",
  "goals.manage": "access:actions.goals.manage",
  "api_keys.manage": "access:actions.api_keys.manage",
  "rules.draft": "access:actions.rules.draft",
  "rules.manage": "access:actions.rules.manage",
  "rules.run": "access:actions.rules.run",
  "webhooks.manage": "access:actions.webhooks.manage",
  "assets.manage": "access:actions.assets.manage",
  "conversions.manage": "access:actions.conversions.manage",
  "budgets.manage": "access:actions.budgets.manage",
  "optimizer.apply": "access:actions.optimizer.apply",
  "campaigns.export": "access:actions.campaigns.export",
};

/** The viewer's role in the active organization, in the reader's words ("Analyst"). */
export function useRoleName(): string {
  const { t } = useTranslation(["access", "shell"]);
  const viewer = (useRouteLoaderData("root") as { viewer?: Viewer | null } | undefined)?.viewer;
  return t(ROLE_KEYS[roleOf(viewer?.organization.role)]);
}

/**
 * Why the viewer may not do something, or null when they may: "Your role (Analyst) can't change
 * campaigns. Ask an admin."
 */
export function useRefusalReason(): (permission: Gated) => string | null {
  const can = useCan();
  const role = useRoleName();
  const { t } = useTranslation(["access", "shell"]);
  const isSignedIn = Boolean((useRouteLoaderData("root") as { viewer?: Viewer | null } | undefined)?.viewer);
  return (permission) => {
    // Nobody signed in (a screen open to visitors, such as the integrations catalogue): the server
    // sends them to sign in; there is no role to blame.
    if (!isSignedIn || can(permission)) return null;
    const action = ACTION_KEYS[permission];
    return action ? t("access:reason", { role, action: t(action) }) : t("access:readOnly", { role });
  };
}

/**
 * Wraps one control: when the role may, the control as is; otherwise `children` is rendered with
 * `disabled` by the caller, inside a focusable wrapper that carries the reason as a tooltip and as
 * its accessible description (a disabled button gets no hover or focus of its own).
 */
export function PermissionGate({
  permission,
  children,
}: {
  permission: Gated;
  /** Receives whether the control is allowed, to disable it. */
  children: (isAllowed: boolean) => ReactElement;
}) {
  const reasonOf = useRefusalReason();
  const reason = reasonOf(permission);
  if (!reason) return children(true);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the only way to reach a disabled control's reason by keyboard */}
        <span tabIndex={0} className="inline-flex cursor-not-allowed" data-refusal={reason}>
          {children(false)}
          <span className="sr-only">{reason}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}

/** A short note above a screen's controls, when the role may not use them. */
export function PermissionNote({ permission, children }: { permission: Gated; children?: ReactNode }) {
  const reason = useRefusalReason()(permission);
  if (!reason) return null;
  return (
    <p role="note" className="rounded-md border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
      {children ?? reason}
    </p>
  );
}

/** The rule editor's note for a role that drafts rules but may not activate them. */
export function RuleDraftNote() {
  const { t } = useTranslation(["access", "shell"]);
  const role = useRoleName();
  return (
    <p role="note" className="rounded-md border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
      {t("access:draftNote", { role })}
    </p>
  );
}
