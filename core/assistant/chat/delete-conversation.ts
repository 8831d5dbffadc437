/** Deletes one of the person's conversations and its messages. The month's question count stays. */
import type { Actor } from "#core/access/actor.ts";
import type { AskDeps } from "./ask-deps.ts";
import { conversationNotFound, ownerOf, parseChatInput } from "./chat-input.ts";
import { conversationIdSchema } from "./chat-schema.ts";

export async function deleteConversation(deps: AskDeps, actor: Actor, raw: unknown) {
  const owner = ownerOf(actor);
  const { conversationId } = parseChatInput(conversationIdSchema, raw);
  if (!(await deps.chats.deleteConversation(owner, conversationId))) throw conversationNotFound();
  return { conversationId };
}
