/**
 * What an actor may do: the one place that decides. A use case names the permission it needs
 * (`useCase("campaigns.change", …)`), and `authorize` checks it against the actor's role, or an API
 * key's scope (capped by its creator's role), before the use case runs. No route, handler or job
 * checks a role on its own.
 */
import { AppError } from "#core/errors/app-error.ts";
import type { Actor, Role } from "./actor.ts";
import { noteUseCase } from "./use-case-observer.ts";

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
  // One's own profile, avatar, preferences, sessions and onboarding checklist.
  "self.manage",
  // Create and edit rules that stay in preview: they record what they would do and act on nothing.
  "rules.draft",
  // Activate, pause and delete automation rules, edit a live one, and the organization's "pause all automation".
  "rules.manage",
  // Run a rule now (people and API keys), or on its schedule (Adhelm itself).
  "rules.run",
  // Upload creatives to the asset library, rename, tag and delete them.
  "assets.manage",
  // Choose which conversion actions count and which revenue is the truth (recomputes history).
  "conversions.manage",
  // Create, edit, disable and delete webhook endpoints, rotate their secrets and send test events.
  "webhooks.manage",
  // Set the budget plan (groups, bounds, objective, pacing) and the optimizer's settings, auto-apply included.
  "budgets.manage",
  // Ask the optimizer for recommendations, apply or dismiss them (people and API keys), or rebalance and
  // auto-apply on schedule (Adhelm itself).
  "optimizer.apply",
  // The organization's settings: name, logo, time zone, currency and default attribution.
  "organization.manage",
  // Invite people, resend and revoke invitations, change roles and remove members.
  "members.manage",
  // Choose the plan, the payment method and the billing details; read invoices.
  "billing.manage",
  // Read and export the audit log.
  "audit.read",
  // Download all of the organization's data.
  "organization.export",
  // Delete the organization (with its grace period) and hand it over to another admin.
  "organization.own",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: ReadonlySet<Permission> = new Set(PERMISSIONS);

const READ: readonly Permission[] = ["workspace.read", "self.manage"];
// Asking for fresh numbers (sync now) changes nothing at the platforms.
const ANALYST: readonly Permission[] = [...READ, "campaigns.export", "connections.sync", "rules.draft"];
const MANAGER: readonly Permission[] = [
  ...ANALYST,
  "campaigns.change",
  "connections.manage",
  "goals.manage",
  "api_keys.manage",
  "rules.manage",
  "rules.run",
  "webhooks.manage",
  "budgets.manage",
  "optimizer.apply",
  "assets.manage",
  "conversions.manage",
];

/**
 * The permission matrix (the team page shows it): the owner may do everything; an admin everything
 * but deleting or handing over the organization; a manager works campaigns, budgets, rules, the
 * optimizer, integrations and keys; an analyst reads, exports and drafts rules in preview; a viewer reads.
 */
export const PERMISSIONS_BY_ROLE: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: EVERYTHING,
  admin: new Set(PERMISSIONS.filter((permission) => permission !== "organization.own")),
  manager: new Set(MANAGER),
  analyst: new Set(ANALYST),
  viewer: new Set(READ),
};

const BY_KEY_SCOPE: Record<"read" | "read_write", ReadonlySet<Permission>> = {
  read: new Set<Permission>(["workspace.read", "campaigns.export"]),
  read_write: new Set<Permission>([
    "workspace.read",
    "campaigns.export",
    "campaigns.change",
    "rules.draft",
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

/**
 * What a read-only organization (billing: trial ended without a card, payment failed for 7 days,
 * cancelled) may still do: read and export, fresh numbers from the platforms, its people's own
 * settings, billing (to pay and come back), the audit log, and privacy rights (export, deletion).
 */
const WHILE_READ_ONLY: ReadonlySet<Permission> = new Set<Permission>([
  "workspace.read",
  "campaigns.export",
  "connections.sync",
  "self.manage",
  "billing.manage",
  "audit.read",
  "organization.export",
  "organization.own",
]);

export function can(actor: Actor, permission: Permission): boolean {
  if (actor.readOnly && !WHILE_READ_ONLY.has(permission)) return false;
  if (actor.kind === "user") return PERMISSIONS_BY_ROLE[actor.role].has(permission);
  if (actor.kind === "api_key")
    // A key carries at most what its creator may do now; a key whose creator left does nothing.
    return (
      actor.creatorRole !== null &&
      BY_KEY_SCOPE[actor.scope].has(permission) &&
      PERMISSIONS_BY_ROLE[actor.creatorRole].has(permission)
    );
  return SYSTEM.has(permission);
}

/** Everything the actor may do, for the UI to show, hide or disable controls. */
export function permissionsOf(actor: Actor): Permission[] {
  return PERMISSIONS.filter((permission) => can(actor, permission));
}

const READ_ONLY_REFUSALS: Record<NonNullable<Actor["readOnly"]>, string> = {
  trial_ended:
    "This organization is read-only because its trial ended without a payment method. Add a payment method on the billing page.",
  payment_failed:
    "This organization is read-only because a payment failed for 7 days. Add a payment method on the billing page and pay the open invoice.",
  canceled:
    "This organization is read-only because its subscription was cancelled. Choose a plan on the billing page to continue.",
};

function refusal(actor: Actor, permission: Permission): string {
  if (actor.readOnly && !WHILE_READ_ONLY.has(permission)) return READ_ONLY_REFUSALS[actor.readOnly];
  if (actor.kind !== "api_key") return "Your role in this organization does not allow this.";
  if (actor.creatorRole === null)
    return "The member who created this API key is no longer in the organization. Create a new key in Settings → API keys.";
  if (actor.scope === "read")
    return "This API key is read-only. Use a key with read and write access to change campaigns.";
  return "This API key cannot do this: a key may do only what the member who created it may do, and only within its scope.";
}

/** Throws 403 unless the actor may; the message is the one the UI and the API show. */
export function authorize(actor: Actor, permission: Permission): void {
  if (can(actor, permission)) return;
  throw new AppError("forbidden", refusal(actor, permission), {
    permission,
    ...(actor.readOnly ? { readOnly: actor.readOnly } : {}),
  });
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
    // The request's log lines name the organization it acts for, once known.
    noteUseCase(actor);
    return run(actor, ...args);
  };
  return Object.assign(guarded, { permission });
}
