/** The Ask page's inputs, as the server checks them. */
import { z } from "zod";
import { ASK_LANGUAGES } from "./chat-types.ts";

export const ASK_QUESTION_MAX_LENGTH = 2_000;
export const CONVERSATION_TITLE_MAX_LENGTH = 120;

export const askQuestionSchema = z.object({
  conversationId: z.string().min(1).max(64).optional(),
  question: z
    .string()
    .trim()
    .min(1, "Type a question.")
    .max(ASK_QUESTION_MAX_LENGTH, "Keep the question under 2000 characters."),
  /** The viewer's language: the answer's language. */
  language: z.enum(ASK_LANGUAGES).default("en"),
});

export const renameConversationSchema = z.object({
  conversationId: z.string().min(1).max(64),
  title: z
    .string()
    .trim()
    .min(1, "Give the conversation a name.")
    .max(CONVERSATION_TITLE_MAX_LENGTH, "Keep the name under 120 characters."),
});

export const conversationIdSchema = z.object({ conversationId: z.string().min(1).max(64) });

export const proposalDecisionSchema = z.object({
  messageId: z.string().min(1).max(64),
  proposalId: z.string().min(1).max(64),
});
