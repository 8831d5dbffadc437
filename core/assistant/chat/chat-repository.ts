/**
 * Ask's only SQL: conversations (one person's, in one organization), their messages, and the
 * questions and tokens each organization used per month. Every read and write is scoped by the
 * organization and, for conversations, by their owner.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "#core/db/schema.ts";
import {
  type AskAttachments,
  type AskConversationSummary,
  type AskMessage,
  type AskToolCall,
  emptyAttachments,
} from "./chat-types.ts";

export interface ConversationOwner {
  organizationId: string;
  userId: string;
}

export interface NewMessage {
  role: "user" | "assistant";
  text: string;
  source?: "model" | "catalogue" | null;
  toolCalls?: AskToolCall[];
  attachments?: AskAttachments;
  promptTokens?: number;
  completionTokens?: number;
}

export interface MonthUsage {
  period: string;
  questions: number;
  promptTokens: number;
  completionTokens: number;
}

function isoOf(value: Date | string): string {
  return value instanceof Date
    ? value.toISOString()
    : new Date(`${value.replace(" ", "T")}${/Z|[+-]\d\d:?\d\d$/.test(value) ? "" : "Z"}`).toISOString();
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

type MessageRow = Database["assistant_messages"] extends infer T ? { [K in keyof T]: unknown } : never;

function messageOf(row: MessageRow): AskMessage {
  const attachments = parseJson<Partial<AskAttachments>>(String(row.attachments ?? "{}"), {});
  return {
    id: String(row.id),
    role: row.role === "assistant" ? "assistant" : "user",
    text: String(row.text),
    source: row.source === "model" || row.source === "catalogue" ? row.source : null,
    toolCalls: parseJson<AskToolCall[]>(String(row.tool_calls ?? "[]"), []),
    attachments: { ...emptyAttachments(), ...attachments },
    promptTokens: Number(row.prompt_tokens ?? 0),
    completionTokens: Number(row.completion_tokens ?? 0),
    createdAt: isoOf(row.created_at as Date | string),
  };
}

export function createChatRepository(db: Kysely<Database>) {
  return {
    async listConversations(owner: ConversationOwner, limit = 100): Promise<AskConversationSummary[]> {
      const rows = await db
        .selectFrom("assistant_conversations")
        .select(["id", "title", "updated_at"])
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .orderBy("updated_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, title: row.title, updatedAt: isoOf(row.updated_at) }));
    },

    async findConversation(owner: ConversationOwner, id: string): Promise<AskConversationSummary | null> {
      const row = await db
        .selectFrom("assistant_conversations")
        .select(["id", "title", "updated_at"])
        .where("id", "=", id)
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .executeTakeFirst();
      return row ? { id: row.id, title: row.title, updatedAt: isoOf(row.updated_at) } : null;
    },

    async createConversation(owner: ConversationOwner, title: string): Promise<AskConversationSummary> {
      const id = randomUUID();
      const now = new Date().toISOString();
      await db
        .insertInto("assistant_conversations")
        .values({
          id,
          organization_id: owner.organizationId,
          user_id: owner.userId,
          title,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, title, updatedAt: now };
    },

    async renameConversation(owner: ConversationOwner, id: string, title: string): Promise<boolean> {
      const result = await db
        .updateTable("assistant_conversations")
        .set({ title })
        .where("id", "=", id)
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteConversation(owner: ConversationOwner, id: string): Promise<boolean> {
      // Messages first: SQLite enforces the cascade only with foreign keys switched on.
      const conversation = await this.findConversation(owner, id);
      if (!conversation) return false;
      await db
        .deleteFrom("assistant_messages")
        .where("conversation_id", "=", id)
        .where("organization_id", "=", owner.organizationId)
        .execute();
      await db
        .deleteFrom("assistant_conversations")
        .where("id", "=", id)
        .where("organization_id", "=", owner.organizationId)
        .where("user_id", "=", owner.userId)
        .execute();
      return true;
    },

    async listMessages(owner: ConversationOwner, conversationId: string): Promise<AskMessage[]> {
      const rows = await db
        .selectFrom("assistant_messages")
        .innerJoin("assistant_conversations", "assistant_conversations.id", "assistant_messages.conversation_id")
        .selectAll("assistant_messages")
        .where("assistant_messages.conversation_id", "=", conversationId)
        .where("assistant_conversations.organization_id", "=", owner.organizationId)
        .where("assistant_conversations.user_id", "=", owner.userId)
        .orderBy("assistant_messages.created_at", "asc")
        .orderBy("assistant_messages.role", "desc")
        .execute();
      return rows.map((row) => messageOf(row as MessageRow));
    },

    async addMessage(owner: ConversationOwner, conversationId: string, message: NewMessage): Promise<AskMessage> {
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      const row = {
        id,
        conversation_id: conversationId,
        organization_id: owner.organizationId,
        role: message.role,
        text: message.text,
        source: message.source ?? null,
        tool_calls: JSON.stringify(message.toolCalls ?? []),
        attachments: JSON.stringify(message.attachments ?? emptyAttachments()),
        prompt_tokens: message.promptTokens ?? 0,
        completion_tokens: message.completionTokens ?? 0,
        created_at: createdAt,
      };
      await db.insertInto("assistant_messages").values(row).execute();
      await db
        .updateTable("assistant_conversations")
        .set({ updated_at: createdAt })
        .where("id", "=", conversationId)
        .where("organization_id", "=", owner.organizationId)
        .execute();
      return messageOf(row);
    },

    async findMessage(owner: ConversationOwner, messageId: string): Promise<AskMessage | null> {
      const row = await db
        .selectFrom("assistant_messages")
        .innerJoin("assistant_conversations", "assistant_conversations.id", "assistant_messages.conversation_id")
        .selectAll("assistant_messages")
        .where("assistant_messages.id", "=", messageId)
        .where("assistant_conversations.organization_id", "=", owner.organizationId)
        .where("assistant_conversations.user_id", "=", owner.userId)
        .executeTakeFirst();
      return row ? messageOf(row as MessageRow) : null;
    },

    async saveAttachments(owner: ConversationOwner, messageId: string, attachments: AskAttachments): Promise<void> {
      await db
        .updateTable("assistant_messages")
        .set({ attachments: JSON.stringify(attachments) })
        .where("id", "=", messageId)
        .where("organization_id", "=", owner.organizationId)
        .execute();
    },

    /** Counts one question (and its tokens) in the organization's month. */
    async recordUsage(
      organizationId: string,
      period: string,
      usage: { questions: number; promptTokens: number; completionTokens: number },
    ): Promise<void> {
      await db
        .insertInto("assistant_usage")
        .values({
          organization_id: organizationId,
          period,
          questions: usage.questions,
          prompt_tokens: usage.promptTokens,
          completion_tokens: usage.completionTokens,
        })
        .onConflict((conflict) =>
          conflict.columns(["organization_id", "period"]).doUpdateSet({
            questions: sql<number>`assistant_usage.questions + ${usage.questions}`,
            prompt_tokens: sql<number>`assistant_usage.prompt_tokens + ${usage.promptTokens}`,
            completion_tokens: sql<number>`assistant_usage.completion_tokens + ${usage.completionTokens}`,
            updated_at: new Date().toISOString(),
          }),
        )
        .execute();
    },

    /**
     * Counts one question in the organization's month if it is still under `limit` (null: no limit),
     * in one statement, so two questions at once cannot both take the last one. False when used up.
     */
    async claimQuestion(organizationId: string, period: string, limit: number | null): Promise<boolean> {
      if (limit !== null && limit <= 0) return false;
      const claimed = await db
        .insertInto("assistant_usage")
        .values({ organization_id: organizationId, period, questions: 1, prompt_tokens: 0, completion_tokens: 0 })
        .onConflict((conflict) => {
          const update = conflict.columns(["organization_id", "period"]).doUpdateSet({
            questions: sql<number>`assistant_usage.questions + 1`,
            updated_at: new Date().toISOString(),
          });
          return limit === null ? update : update.where("assistant_usage.questions", "<", limit);
        })
        .returning("questions")
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** The organization's last `months` months of usage, newest first. */
    async usage(organizationId: string, months = 6): Promise<MonthUsage[]> {
      const rows = await db
        .selectFrom("assistant_usage")
        .select(["period", "questions", "prompt_tokens", "completion_tokens"])
        .where("organization_id", "=", organizationId)
        .orderBy("period", "desc")
        .limit(months)
        .execute();
      return rows.map((row) => ({
        period: row.period,
        questions: Number(row.questions),
        promptTokens: Number(row.prompt_tokens),
        completionTokens: Number(row.completion_tokens),
      }));
    },

    async questionsIn(organizationId: string, period: string): Promise<number> {
      const row = await db
        .selectFrom("assistant_usage")
        .select("questions")
        .where("organization_id", "=", organizationId)
        .where("period", "=", period)
        .executeTakeFirst();
      return Number(row?.questions ?? 0);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
