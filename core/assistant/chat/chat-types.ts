/**
 * What Ask Adhelm keeps and streams: a conversation's messages (a question, or an answer with the
 * tools it called and what it shows beside its text) and the events an answer streams to the page.
 */
import type { AssistantChart, AssistantCitation, AssistantProposal } from "../assistant-tool.ts";

export const ASK_LANGUAGES = ["en", "es", "fr", "de"] as const;
export type AskLanguage = (typeof ASK_LANGUAGES)[number];

/** A proposal as the answer shows it: a card the user confirms or dismisses. */
export interface AskProposalCard extends AssistantProposal {
  /** Stable within its message: which card the user clicked. */
  id: string;
  status: "open" | "confirmed" | "dismissed" | "undone";
  /** The change log entry a confirmed proposal made (Undo reverts it). */
  changeId?: string;
}

export interface AskAttachments {
  citations: AssistantCitation[];
  charts: AssistantChart[];
  proposals: AskProposalCard[];
  /** Catalogue questions the answer offers (without a model: the closest to an unmatched question). */
  suggestions?: AskSuggestion[];
}

/** A built-in question, in the reader's language. */
export interface AskSuggestion {
  id: string;
  text: string;
}

export interface AskToolCall {
  name: string;
  ok: boolean;
}

export interface AskMessage {
  id: string;
  role: "user" | "assistant";
  text: string;
  /** Who wrote an answer: the connected model, or the built-in catalogue. Null for a question. */
  source: "model" | "catalogue" | null;
  toolCalls: AskToolCall[];
  attachments: AskAttachments;
  promptTokens: number;
  completionTokens: number;
  createdAt: string;
}

export interface AskConversationSummary {
  id: string;
  title: string;
  updatedAt: string;
}

/** One line of the answer's stream (NDJSON), in the order they happen. */
export type AskEvent =
  | { type: "start"; conversationId: string; title: string; question: AskMessage }
  | { type: "tool"; name: string }
  | { type: "token"; text: string }
  | { type: "citation"; citation: AssistantCitation }
  | { type: "chart"; chart: AssistantChart }
  | { type: "proposal"; proposal: AskProposalCard }
  | { type: "done"; message: AskMessage }
  | { type: "error"; code: string; message: string };

export type EmitAskEvent = (event: AskEvent) => void;

export function emptyAttachments(): AskAttachments {
  return { citations: [], charts: [], proposals: [] };
}
