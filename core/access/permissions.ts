/**
 * What an actor may do: the one place that decides. A use case names the permission it needs
 * (`useCase("campaigns.change", …)`), and `authorize` checks it against the actor's role, or an API
 * key's scope, before the use case runs. The teams issue refines the roles' columns here; no route,
 * handler or job checks a role on its own.
 */
import { AppError } from "#core/errors/app-error.ts";
import type { Actor, Role } from "./actor.ts";

export const PERMISSIONS = [
  // Reading the organization's data: dashboard, campaigns, analytics, integrations, goals.
  "workspace.read",
  // Pause, enable, budget, rename, create and edit campaigns, and undo a logged change.
  "campaigns.change",
  // CSV exports of campaigns and daily metrics.
  "campaigns.export",
  // Connect, choose accounts, store keys, disconnect.
  "connections.manage",
  // Ask for a sync now.
  "connections.sync",
  // Set the organization's goals.
  "goals.manage",
  // Create and revoke API keys, and run the /api page's Try it as a key.
  "api_keys.manage",
  // One's own profile, avatar, preferences and onboarding checklist.
  "self.manage",
  // Create, edit, activate, pause and delete automation rules, and the organization's "pause all automation".
  "rules.manage",
  // Run a rule now (people and API keys), or on its schedule (Adhelm itself).
  "rules.run",
  // Create, edit, disable and delete webhook endpoints, rotate their secrets and send test events.
  "webhooks.manage",
  // Set the budget plan (groups, bounds, objective, pacing) and the optimizer's settings, auto-apply included.
  "budgets.manage",
  // Ask the optimizer for recommendations, apply or dismiss them (people and API keys), or rebalance and
  // auto-apply on schedule (Adhelm itself).
  "optimizer.apply",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: ReadonlySet<Permission> = new Set(PERMISSIONS);

const BY_ROLE: Record<Role, ReadonlySet<Permission>> = {
  owner: EVERYTHING,
  admin: EVERYTHING,
  // Members work the campaigns; the organization's wiring (connections, keys, goals) is an admin's.
  member: new Set<Permission>([
    "workspace.read",
    "campaigns.change",
    "campaigns.export",
    "connections.sync",
    "rules.run",
    "optimizer.apply",
    "self.manage",
  ]),
};

const BY_KEY_SCOPE: Record<"read" | "read_write", ReadonlySet<Permission>> = {
  read: new Set<Permission>(["workspace.read", "campaigns.export"]),
  read_write: new Set<Permission>([
    "workspace.read",
    "campaigns.export",
    "campaigns.change",
    "rules.manage",
    "rules.run",
    "budgets.manage",
    "optimizer.apply",
  ]),
};

// Adhelm's own jobs work the organization's campaigns and connections; they manage no people or keys.
const SYSTEM: ReadonlySet<Permission> = new Set<Permission>([
  "workspace.read",
  "campaigns.change",
  "campaigns.export",
  "connections.manage",
  "connections.sync",
  "rules.run",
  "optimizer.apply",
]);

export function can(actor: Actor, permission: Permission): boolean {
  if (actor.kind === "user") return BY_ROLE[actor.role].has(permission);
  if (actor.kind === "api_key") return BY_KEY_SCOPE[actor.scope].has(permission);
  return SYSTEM.has(permission);
}

/** Throws 403 unless the actor may; the message is the one the UI and the API show. */
export function authorize(actor: Actor, permission: Permission): void {
  if (can(actor, permission)) return;
  throw new AppError(
    "forbidden",
    actor.kind === "api_key"
      ? "This API key is read-only. Use a key with read and write access to change campaigns."
      : "Your role in this organization does not allow this.",
    { permission },
  );
}

/** A use case: what it needs, and its body, which only runs for an actor who may. */
export type UseCase<Args extends unknown[], Result> = ((actor: Actor, ...args: Args) => Promise<Result>) & {
  readonly permission: Permission;
};

export function useCase<Args extends unknown[], Result>(
  permission: Permission,
  run: (actor: Actor, ...args: Args) => Promise<Result>,
): UseCase<Args, Result> {
  const guarded = async (actor: Actor, ...args: Args) => {
    authorize(actor, permission);
    return run(actor, ...args);
  };
  return Object.assign(guarded, { permission });
}
