/** One of the person's conversations with its messages, oldest first. */
import type { Actor } from "#core/access/actor.ts";
import type { AskDeps } from "./ask-deps.ts";
import { conversationNotFound, ownerOf, parseChatInput } from "./chat-input.ts";
import { conversationIdSchema } from "./chat-schema.ts";

export async function getConversation(deps: AskDeps, actor: Actor, raw: unknown) {
  const owner = ownerOf(actor);
  const { conversationId } = parseChatInput(conversationIdSchema, raw);
  const conversation = await deps.chats.findConversation(owner, conversationId);
  if (!conversation) throw conversationNotFound();
  return { conversation, messages: await deps.chats.listMessages(owner, conversationId) };
}
