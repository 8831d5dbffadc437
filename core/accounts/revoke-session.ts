import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { personOf } from "./list-sessions.ts";
import type { SessionRepository } from "./session-repository.ts";

export const SESSION_NOT_FOUND_MESSAGE = "This session has already ended.";
export const CURRENT_SESSION_MESSAGE = "This is the session you are using. Sign out from the menu instead.";

/**
 * Signs one of the person's other sessions out: its row goes, so its cookie's next request is
 * anonymous. Another person's session, or one that is gone, is "not found" and nothing changes.
 */
export async function revokeSession(
  deps: { sessions: SessionRepository },
  actor: Actor,
  input: { sessionId: string; currentSessionId: string },
): Promise<void> {
  const userId = personOf(actor);
  if (typeof input.sessionId !== "string" || input.sessionId === "")
    throw new AppError("not_found", SESSION_NOT_FOUND_MESSAGE);
  if (input.sessionId === input.currentSessionId) throw new AppError("conflict", CURRENT_SESSION_MESSAGE);
  if (!(await deps.sessions.deleteOwn(userId, input.sessionId)))
    throw new AppError("not_found", SESSION_NOT_FOUND_MESSAGE);
}

/** Signs out every session of the person but the one asking; answers how many ended. */
export async function revokeOtherSessions(
  deps: { sessions: SessionRepository },
  actor: Actor,
  input: { currentSessionId: string },
): Promise<{ revoked: number }> {
  const userId = personOf(actor);
  return { revoked: await deps.sessions.deleteOthers(userId, input.currentSessionId) };
}
