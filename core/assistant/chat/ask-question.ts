/**
 * Asks a question in a conversation (a new one when none is given): checks the plan's monthly
 * limit, keeps the question, answers it with the connected model or the built-in catalogue while
 * streaming the answer's events, keeps the answer and counts the question and its tokens.
 */
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import { answerFromCatalogue } from "../catalogue/answer-from-catalogue.ts";
import type { AskDeps } from "./ask-deps.ts";
import { conversationNotFound, ownerOf, parseChatInput } from "./chat-input.ts";
import { askQuestionSchema } from "./chat-schema.ts";
import type { AskMessage, EmitAskEvent } from "./chat-types.ts";
import { answerWithModel, type ModelTurn } from "./model-loop.ts";

const TITLE_LENGTH = 80;
/** Earlier turns the model reads: enough for a follow-up, little enough to stay cheap. */
const HISTORY_TURNS = 12;

export function usagePeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

export async function askQuestion(
  deps: AskDeps,
  actor: Actor,
  raw: unknown,
  emit: EmitAskEvent,
  signal?: AbortSignal,
): Promise<AskMessage> {
  const owner = ownerOf(actor);
  const input = parseChatInput(askQuestionSchema, raw);
  const period = usagePeriod(deps.now());
  const existing = input.conversationId ? await deps.chats.findConversation(owner, input.conversationId) : null;
  if (input.conversationId && !existing) throw conversationNotFound();
  const { limit, plan } = await deps.questionLimitOf(actor.organizationId);
  // The question is counted as it is claimed, atomically: the last one of the month goes once.
  if (!(await deps.chats.claimQuestion(actor.organizationId, period, limit)))
    throw new AppError(
      "rate_limited",
      `Your ${plan} plan includes ${(limit ?? 0).toLocaleString("en-US")} questions to Ask Adhelm a month, and they are used up. Upgrade for more, or ask again next month.`,
      { limit, plan },
    );
  const conversation = existing ?? (await deps.chats.createConversation(owner, titleOf(input.question)));
  const history: ModelTurn[] = input.conversationId
    ? (await deps.chats.listMessages(owner, conversation.id))
        .filter((message) => message.text.trim() !== "")
        .slice(-HISTORY_TURNS)
        .map((message) => ({ role: message.role, text: message.text }))
    : [];
  const question = await deps.chats.addMessage(owner, conversation.id, { role: "user", text: input.question });
  emit({ type: "start", conversationId: conversation.id, title: conversation.title, question });

  const tools = deps.toolsFor(actor);
  const answer = deps.model
    ? await answerWithModel({
        settings: deps.model,
        actor,
        tools,
        history,
        question: input.question,
        language: input.language,
        today: deps.now().toISOString().slice(0, 10),
        emit,
        signal,
      })
    : await answerFromCatalogue({ actor, tools, question: input.question, language: input.language, emit });

  const message = await deps.chats.addMessage(owner, conversation.id, {
    role: "assistant",
    text: answer.text,
    source: deps.model ? "model" : "catalogue",
    toolCalls: answer.toolCalls,
    attachments: answer.attachments,
    promptTokens: answer.promptTokens,
    completionTokens: answer.completionTokens,
  });
  if (answer.promptTokens > 0 || answer.completionTokens > 0)
    await deps.chats.recordUsage(actor.organizationId, period, {
      questions: 0,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
    });
  emit({ type: "done", message });
  return message;
}
