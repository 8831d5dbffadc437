import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { SessionRepository } from "./session-repository.ts";
import { type DeviceDescription, describeUserAgent } from "./user-agent.ts";

/** One of the person's sessions as Account → Security shows it. */
export interface ActiveSession extends DeviceDescription {
  id: string;
  ipAddress: string | null;
  /** When it began (the sign-in), ISO. */
  createdAt: string;
  /** When it was last used, ISO (better-auth refreshes it at most once a day, and on switching organization). */
  lastSeenAt: string;
  /** The session of the request asking. */
  isCurrent: boolean;
}

/** The person's own sessions that still work, the current one first, then the most recently seen. */
export async function listSessions(
  deps: { sessions: SessionRepository; now?: () => Date },
  actor: Actor,
  input: { currentSessionId: string },
): Promise<ActiveSession[]> {
  const userId = personOf(actor);
  const sessions = await deps.sessions.listActive(userId, deps.now?.() ?? new Date());
  return sessions
    .map((session) => ({
      id: session.id,
      ...describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.updatedAt.toISOString(),
      isCurrent: session.id === input.currentSessionId,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** Sessions are a person's own: an API key or Adhelm has none. */
export function personOf(actor: Actor): string {
  if (actor.kind !== "user") throw new AppError("forbidden", "Only a person signed in to Adhelm has sessions.");
  return actor.id;
}
