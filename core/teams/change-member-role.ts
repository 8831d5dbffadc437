import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { TeamDependencies } from "./team-dependencies.ts";
import { roleSchema, TEAM_MESSAGES } from "./team-schemas.ts";

/**
 * Gives a member another of the four roles. Not the owner's (ownership moves only by transfer) and
 * not one's own (another admin does that).
 */
export async function changeMemberRole(
  deps: Pick<TeamDependencies, "team" | "audit">,
  actor: Actor,
  input: { memberId: string; role: unknown },
) {
  const role = roleSchema.safeParse(input.role);
  if (!role.success)
    throw new AppError("unprocessable_entity", TEAM_MESSAGES.role, { fieldErrors: { role: TEAM_MESSAGES.role } });
  const member = await deps.team.findMember(actor.organizationId, input.memberId);
  if (!member) throw new AppError("not_found", TEAM_MESSAGES.noMember);
  if (member.role === "owner") throw new AppError("conflict", TEAM_MESSAGES.ownerRole);
  if (member.userId === actor.id) throw new AppError("conflict", TEAM_MESSAGES.ownRole);
  if (member.role === role.data) return member;
  await deps.team.setRole(actor.organizationId, member.id, role.data);
  await deps.audit.record(actor, {
    action: "member.role_changed",
    target: { type: "member", id: member.userId, label: member.email },
    details: { from: member.role, to: role.data },
  });
  return { ...member, role: role.data };
}
