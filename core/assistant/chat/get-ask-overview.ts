/**
 * What the Ask page opens with: the person's conversations, whether a model is connected, the
 * built-in questions in their language, and the organization's questions this month against the
 * plan's limit.
 */
import type { Actor } from "#core/access/actor.ts";
import { catalogueSuggestions } from "../catalogue/answer-from-catalogue.ts";
import type { AskDeps } from "./ask-deps.ts";
import { usagePeriod } from "./ask-question.ts";
import { ownerOf } from "./chat-input.ts";
import { ASK_LANGUAGES, type AskLanguage } from "./chat-types.ts";

export async function getAskOverview(deps: AskDeps, actor: Actor, input: { language: string }) {
  const owner = ownerOf(actor);
  const language: AskLanguage = (ASK_LANGUAGES as readonly string[]).includes(input.language)
    ? (input.language as AskLanguage)
    : "en";
  const [conversations, used, { limit }] = await Promise.all([
    deps.chats.listConversations(owner),
    deps.chats.questionsIn(actor.organizationId, usagePeriod(deps.now())),
    deps.questionLimitOf(actor.organizationId),
  ]);
  return {
    conversations,
    isModelConnected: deps.model !== null,
    suggestions: catalogueSuggestions(language),
    questions: { used, limit },
  };
}

export type AskOverview = Awaited<ReturnType<typeof getAskOverview>>;
