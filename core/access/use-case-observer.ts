/**
 * A hook the server sets to hear that a use case runs for an actor (its request's log lines then
 * name the organization). Kept apart from any server-only module: permissions.ts is also part of
 * the pages' browser code, so it must not import node: built-ins. Nothing listens by default.
 */
import type { Actor } from "./actor.ts";

let listener: (actor: Actor) => void = () => {};

/** The server's one listener (server/middleware/request-logger.ts). */
export function observeUseCases(next: (actor: Actor) => void): void {
  listener = next;
}

export function noteUseCase(actor: Actor): void {
  listener(actor);
}
