/** Checks an Ask input against its schema: a refusal names each field's problem. */
import type { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { ConversationOwner } from "./chat-repository.ts";

export function parseChatInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  throw new AppError("unprocessable_entity", parsed.error.issues[0]?.message ?? "Check the form.", { fieldErrors });
}

/** Conversations belong to a person: keys and Adhelm's jobs have none. */
export function ownerOf(actor: Actor): ConversationOwner {
  if (actor.kind !== "user")
    throw new AppError("forbidden", "Only a person signed in to Adhelm can ask questions here.");
  return { organizationId: actor.organizationId, userId: actor.id };
}

export function conversationNotFound(): AppError {
  return new AppError("not_found", "That conversation does not exist, or it is not yours.");
}
