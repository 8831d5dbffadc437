/**
 * Ask without a model: typed text is matched to one of the 20 built-in questions (its exact words in
 * any language, or what it mentions), answered through the same tool the model would call, and
 * written from a template in the reader's language with the tool's chart and citations. Text that
 * matches none gets a plain answer: how to connect a model, and the closest questions.
 */
import type { Actor } from "#core/access/actor.ts";
import { createCatalogText } from "#core/shared/catalog-text.ts";
import type { AssistantTool } from "../assistant-tool.ts";
import {
  ASK_LANGUAGES,
  type AskLanguage,
  type AskSuggestion,
  type EmitAskEvent,
  emptyAttachments,
} from "../chat/chat-types.ts";
import { collectAttachments } from "../chat/collect-attachments.ts";
import type { ModelAnswer } from "../chat/model-loop.ts";
import { runToolCall } from "../chat/run-tool.ts";
import { answerFormat } from "./answer-format.ts";
import { writeAnswer } from "./answer-writers.ts";
import { CATALOGUE_QUESTIONS, type CatalogueQuestion } from "./catalogue-questions.ts";
import de from "./locales/de/ask-catalogue.json" with { type: "json" };
import en from "./locales/en/ask-catalogue.json" with { type: "json" };
import es from "./locales/es/ask-catalogue.json" with { type: "json" };
import fr from "./locales/fr/ask-catalogue.json" with { type: "json" };
import { rankQuestions } from "./match-question.ts";
import { normalizeText } from "./question-concepts.ts";

const catalogueText = createCatalogText("ask-catalogue", { en, es, fr, de });

/** The built-in questions in `language`, in the catalogue's order. */
export function catalogueSuggestions(language: AskLanguage): AskSuggestion[] {
  const t = catalogueText.textIn(language);
  return CATALOGUE_QUESTIONS.map((question) => ({ id: question.id, text: t(`questions.${question.id}`) }));
}

/** A suggestion's own words, in any of the four languages, always ask that question. */
function exactMatch(text: string): CatalogueQuestion | null {
  const typed = normalizeText(text);
  for (const language of ASK_LANGUAGES) {
    const t = catalogueText.textIn(language);
    const found = CATALOGUE_QUESTIONS.find((question) => normalizeText(t(`questions.${question.id}`)) === typed);
    if (found) return found;
  }
  return null;
}

export function matchCatalogueQuestion(text: string): {
  matched: CatalogueQuestion | null;
  closest: CatalogueQuestion[];
} {
  const exact = exactMatch(text);
  if (exact) return { matched: exact, closest: [] };
  const { matched, ranked } = rankQuestions(CATALOGUE_QUESTIONS, text);
  return { matched, closest: ranked.slice(0, 3).map((match) => match.question) };
}

export async function answerFromCatalogue(input: {
  actor: Actor;
  tools: readonly AssistantTool[];
  question: string;
  language: AskLanguage;
  emit: EmitAskEvent;
}): Promise<ModelAnswer> {
  const t = catalogueText.textIn(input.language);
  const answer: ModelAnswer = {
    text: "",
    toolCalls: [],
    attachments: emptyAttachments(),
    promptTokens: 0,
    completionTokens: 0,
  };
  const say = (text: string) => {
    answer.text = text;
    input.emit({ type: "token", text });
  };
  const { matched, closest } = matchCatalogueQuestion(input.question);
  if (!matched) {
    const suggestions = closest.map((question) => ({ id: question.id, text: t(`questions.${question.id}`) }));
    answer.attachments.suggestions = suggestions;
    say(`${t("noModel")}\n\n${t("closest")}\n${suggestions.map((suggestion) => `- ${suggestion.text}`).join("\n")}`);
    return answer;
  }
  input.emit({ type: "tool", name: matched.tool });
  const outcome = await runToolCall(input.tools, input.actor, matched.tool, matched.input);
  answer.toolCalls.push({ name: matched.tool, ok: outcome.ok });
  if (!outcome.ok) {
    say(t("failed", { message: outcome.error }));
    return answer;
  }
  collectAttachments(outcome, answer.attachments, input.emit);
  say(writeAnswer(matched, outcome.result.data, { t, format: answerFormat(input.language) }));
  return answer;
}
