import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { TEAM_MESSAGES } from "./team-schemas.ts";

/** Hands the organization to another member who is an admin; the old owner stays on as an admin. */
export async function transferOwnership(
  deps: Pick<TeamDependencies, "team" | "audit">,
  actor: Actor,
  memberId: string,
) {
  const [owner, next] = await Promise.all([
    deps.team.findMemberByUser(actor.organizationId, actor.id),
    deps.team.findMember(actor.organizationId, memberId),
  ]);
  if (!next || !owner) throw new AppError("not_found", TEAM_MESSAGES.noMember);
  if (next.id === owner.id) throw new AppError("conflict", TEAM_MESSAGES.transferToSelf);
  if (next.role !== "admin") throw new AppError("conflict", TEAM_MESSAGES.transferToAdmin);
  await deps.team.transferOwnership(actor.organizationId, owner.id, next.id);
  await deps.audit.record(actor, {
    action: "organization.ownership_transferred",
    target: { type: "member", id: next.userId, label: next.email },
    details: { from: owner.email, to: next.email },
  });
  return { id: next.id, name: next.name };
}
