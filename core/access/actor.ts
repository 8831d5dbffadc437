/**
 * Who acts. Every use case that changes something takes an actor as its first argument: a person
 * in the app, an API key, or Adhelm itself (a scheduled job, later a rule or the optimizer). The
 * actor carries the organization it acts in, so a use case never takes an organization id from the
 * client, and its role or key scope, so `authorize` (permissions.ts) can decide in one place.
 */
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";

/**
 * A member's role in an organization, most powerful first: the owner (one per organization, who
 * alone may delete it or hand it over) and the spec's four roles.
 */
export const ROLES = ["owner", "admin", "manager", "analyst", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation or a role change may give: ownership only moves by transfer. */
export const ASSIGNABLE_ROLES = ["admin", "manager", "analyst", "viewer"] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** A stored role as the domain's; anything unknown is the least privileged role. */
export function roleOf(value: string | null | undefined): Role {
  return ROLES.includes(value as Role) ? (value as Role) : "viewer";
}

/**
 * Why the organization is read-only (billing, issue 19 §3): its trial ended without a payment
 * method, a payment failed for 7 days, or its subscription was cancelled. A read-only organization
 * reads, exports, pays and exercises privacy rights; it changes nothing else (permissions.ts).
 */
export type ReadOnlyReason = "trial_ended" | "payment_failed" | "canceled";

export type Actor =
  | {
      kind: "user";
      /** The user's id. */
      id: string;
      /** How the change log and notifications name them: the person's name. */
      label: string;
      organizationId: string;
      role: Role;
      readOnly?: ReadOnlyReason | null;
    }
  | {
      kind: "api_key";
      /** The key's id. */
      id: string;
      /** "API key “Reporting”". */
      label: string;
      organizationId: string;
      scope: ApiKeyScope;
      /**
       * The role its creator holds in the organization now: a key never does more than they may.
       * Null when the creator left the organization or their account is gone (the key then does nothing).
       */
      creatorRole: Role | null;
      readOnly?: ReadOnlyReason | null;
    }
  | {
      kind: "system";
      /** What runs: "sync", later a rule's id. */
      id: string;
      label: string;
      organizationId: string;
      readOnly?: ReadOnlyReason | null;
    };

/** A person signed in to the app, in the organization their session works in. */
export function userActor(input: {
  userId: string;
  name: string;
  organizationId: string;
  role: string | null | undefined;
  readOnly?: ReadOnlyReason | null;
}): Actor {
  return {
    kind: "user",
    id: input.userId,
    label: input.name,
    organizationId: input.organizationId,
    role: roleOf(input.role),
    readOnly: input.readOnly ?? null,
  };
}

/** A call of the public API, made with one of the organization's keys. */
export function apiKeyActor(input: {
  apiKeyId: string;
  keyName: string;
  organizationId: string;
  scope: ApiKeyScope;
  creatorRole: string | null;
  readOnly?: ReadOnlyReason | null;
}): Actor {
  return {
    kind: "api_key",
    id: input.apiKeyId,
    label: `API key “${input.keyName}”`,
    organizationId: input.organizationId,
    scope: input.scope,
    creatorRole: input.creatorRole === null ? null : roleOf(input.creatorRole),
    readOnly: input.readOnly ?? null,
  };
}

/** Adhelm itself, working for one organization: a scheduled job, a rule, the optimizer. */
export function systemActor(
  organizationId: string,
  what: { id: string; label: string },
  readOnly: ReadOnlyReason | null = null,
): Actor {
  return { kind: "system", id: what.id, label: what.label, organizationId, readOnly };
}

/**
 * A visitor of the public site (newsletter, contact form, job application): no organization and no
 * role, only the address the rate limits count.
 */
export interface Visitor {
  kind: "visitor";
  clientAddress: string;
}
