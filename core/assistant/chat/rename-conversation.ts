/** Renames one of the person's conversations. */
import type { Actor } from "#core/access/actor.ts";
import type { AskDeps } from "./ask-deps.ts";
import { conversationNotFound, ownerOf, parseChatInput } from "./chat-input.ts";
import { renameConversationSchema } from "./chat-schema.ts";

export async function renameConversation(deps: AskDeps, actor: Actor, raw: unknown) {
  const owner = ownerOf(actor);
  const { conversationId, title } = parseChatInput(renameConversationSchema, raw);
  if (!(await deps.chats.renameConversation(owner, conversationId, title))) throw conversationNotFound();
  return { conversationId, title };
}
