/** What the Ask page's loader and action answer, as the screen reads them. */
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { AskConversationSummary, AskMessage, AskProposalCard } from "#core/assistant/chat/chat-types.ts";
import type { AskOverview } from "#core/assistant/chat/get-ask-overview.ts";
import type { AskUsage } from "#core/assistant/chat/get-ask-usage.ts";

export type { AssistantChart } from "#core/assistant/assistant-tool.ts";
export type {
  AskAttachments,
  AskConversationSummary,
  AskEvent,
  AskMessage,
  AskProposalCard,
  AskSuggestion,
} from "#core/assistant/chat/chat-types.ts";

export interface AskPageData extends AskOverview {
  opened: { conversation: AskConversationSummary; messages: AskMessage[] } | null;
  usage: AskUsage | null;
}

export type AskActionResult =
  | { ok: true; intent: "rename"; conversationId: string; title: string }
  | { ok: true; intent: "delete"; conversationId: string }
  | { ok: true; intent: "confirm" | "dismiss" | "undo"; proposal: AskProposalCard }
  | ActionRefusal;
