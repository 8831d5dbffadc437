import { type Kysely, sql } from "kysely";

/**
 * Ask Adhelm (issue 21 §1): conversations per person in an organization, their messages (the
 * question, or the answer with the tool calls it made, its citations, charts and proposals as JSON,
 * and the tokens it used), and the questions and tokens each organization used per month (the
 * plan's monthly limit counts them). Stored only in the organization's database, and exported with
 * its data. It carries its own SQL: migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable("assistant_conversations")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(64)", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("assistant_conversations_owner_idx")
    .ifNotExists()
    .on("assistant_conversations")
    .columns(["organization_id", "user_id", "updated_at"])
    .execute();

  await db.schema
    .createTable("assistant_messages")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("conversation_id", "varchar(64)", (column) =>
      column.notNull().references("assistant_conversations.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    // user | assistant
    .addColumn("role", "varchar(16)", (column) => column.notNull())
    .addColumn("text", "text", (column) => column.notNull())
    // JSON: [{ name, input, ok }] the tools the answer called.
    .addColumn("tool_calls", "text", (column) => column.notNull().defaultTo("[]"))
    // JSON: { citations: [], charts: [], proposals: [] } what the answer shows beside its text.
    .addColumn("attachments", "text", (column) => column.notNull().defaultTo("{}"))
    // model | catalogue: who wrote the answer (null for a question).
    .addColumn("source", "varchar(16)")
    .addColumn("prompt_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("completion_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("assistant_messages_conversation_idx")
    .ifNotExists()
    .on("assistant_messages")
    .columns(["conversation_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("assistant_messages_organization_idx")
    .ifNotExists()
    .on("assistant_messages")
    .column("organization_id")
    .execute();

  // One row per organization and month (YYYY-MM, UTC): questions asked and tokens used.
  await db.schema
    .createTable("assistant_usage")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.notNull().references("organization.id").onDelete("cascade"),
    )
    .addColumn("period", "varchar(7)", (column) => column.notNull())
    .addColumn("questions", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("prompt_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("completion_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("assistant_usage_pk", ["organization_id", "period"])
    .execute();
}
