import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";

/**
 * The optimizer: the organization's budget plan (objective, revenue source, pacing curve,
 * guardrails, daily rebalance and auto-apply), its groups with their monthly minimum and maximum,
 * per-campaign daily bounds, the optimizer's runs and recommendations (with their follow-up once
 * the outcome days are mature), and the pacing alerts already sent. It carries its own SQL:
 * migrations import no application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  const organizationId = (column: ColumnDefinitionBuilder) =>
    column.notNull().references("organization.id").onDelete("cascade");

  // One per organization; the monthly total is the organization goal's budget (goals).
  await db.schema
    .createTable("budget_plans")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", (column) =>
      column.primaryKey().references("organization.id").onDelete("cascade"),
    )
    // conversions | revenue
    .addColumn("objective", "varchar(16)", (column) => column.notNull().defaultTo("conversions"))
    // platform (the platforms' reported conversion value) | store (store revenue attributed by UTM)
    .addColumn("revenue_source", "varchar(16)", (column) => column.notNull().defaultTo("platform"))
    // maximize (the most outcome for the budget) | target (the goal's target ROAS or CPA at the least spend)
    .addColumn("mode", "varchar(16)", (column) => column.notNull().defaultTo("maximize"))
    // even | weekday (weighted by each weekday's share of history)
    .addColumn("pacing_curve", "varchar(16)", (column) => column.notNull().defaultTo("even"))
    // Largest change of a campaign's daily budget in one step, as a fraction (0.3 = ±30%).
    .addColumn("max_daily_change", "double precision", (column) => column.notNull().defaultTo(0.3))
    // Share of the budget the optimizer may spend learning curves (0.05 = 5%).
    .addColumn("exploration_share", "double precision", (column) => column.notNull().defaultTo(0.05))
    .addColumn("rebalance_daily", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("auto_apply", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("max_auto_changes_per_day", "integer", (column) => column.notNull().defaultTo(10))
    .addColumn("updated_by_label", "text")
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("budget_plan_groups")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("name", "text", (column) => column.notNull())
    // platform (every campaign of one ad platform) | campaigns (a chosen set)
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("platform", "varchar(32)")
    // Monthly amounts in the plan's currency (the organization goal's), minor units; null = no bound.
    .addColumn("min_monthly_minor", "bigint")
    .addColumn("max_monthly_minor", "bigint")
    .addColumn("position", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("budget_plan_groups_organization_idx")
    .ifNotExists()
    .on("budget_plan_groups")
    .columns(["organization_id", "position"])
    .execute();

  await db.schema
    .createTable("budget_plan_group_campaigns")
    .ifNotExists()
    .addColumn("group_id", "varchar(64)", (column) =>
      column.notNull().references("budget_plan_groups.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("budget_plan_group_campaigns_pk", ["group_id", "campaign_id"])
    .execute();

  // A campaign's daily budget bounds for the optimizer, in the campaign's currency (minor units).
  await db.schema
    .createTable("campaign_budget_bounds")
    .ifNotExists()
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.primaryKey().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("min_daily_minor", "bigint")
    .addColumn("max_daily_minor", "bigint")
    .addColumn("updated_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("campaign_budget_bounds_organization_idx")
    .ifNotExists()
    .on("campaign_budget_bounds")
    .columns(["organization_id"])
    .execute();

  // One optimization: what it was asked and what it predicted for the whole allocation.
  await db.schema
    .createTable("optimizer_runs")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    // page | api | rebalance | auto_apply
    .addColumn("trigger", "varchar(16)", (column) => column.notNull())
    .addColumn("actor_label", "text", (column) => column.notNull())
    .addColumn("objective", "varchar(16)", (column) => column.notNull())
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    // The daily budget the allocation spreads, minor units.
    .addColumn("daily_budget_minor", "bigint", (column) => column.notNull())
    // JSON: predicted daily outcome before and after (mean, low, high), campaigns considered and left out.
    .addColumn("summary_json", "text", (column) => column.notNull())
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("optimizer_runs_organization_created_idx")
    .ifNotExists()
    .on("optimizer_runs")
    .columns(["organization_id", "created_at"])
    .execute();

  await db.schema
    .createTable("optimizer_recommendations")
    .ifNotExists()
    .addColumn("id", "varchar(64)", (column) => column.primaryKey())
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("run_id", "varchar(64)", (column) =>
      column.notNull().references("optimizer_runs.id").onDelete("cascade"),
    )
    .addColumn("campaign_id", "varchar(64)", (column) =>
      column.notNull().references("campaigns.id").onDelete("cascade"),
    )
    .addColumn("campaign_name", "text", (column) => column.notNull())
    .addColumn("platform", "varchar(32)", (column) => column.notNull())
    .addColumn("currency", "varchar(3)", (column) => column.notNull())
    .addColumn("objective", "varchar(16)", (column) => column.notNull())
    .addColumn("current_budget_minor", "bigint", (column) => column.notNull())
    .addColumn("recommended_budget_minor", "bigint", (column) => column.notNull())
    // Predicted change of the daily outcome (conversions, or revenue in minor units): mean and 80% interval.
    .addColumn("predicted_delta", "double precision", (column) => column.notNull())
    .addColumn("predicted_low", "double precision", (column) => column.notNull())
    .addColumn("predicted_high", "double precision", (column) => column.notNull())
    // 0 … 1
    .addColumn("confidence", "double precision", (column) => column.notNull())
    // Part of the exploration share (learning the curve) rather than exploitation.
    .addColumn("exploration", "boolean", (column) => column.notNull().defaultTo(false))
    // JSON: the reasons (codes with their numbers) and the predicted CPA or ROAS before and after.
    .addColumn("details_json", "text", (column) => column.notNull())
    // open | applied | dismissed | superseded | failed
    .addColumn("status", "varchar(16)", (column) => column.notNull())
    .addColumn("change_log_id", "varchar(64)")
    .addColumn("applied_by_label", "text")
    .addColumn("applied_at", "timestamptz")
    // The days whose outcome is compared with the prediction once mature (first and last, inclusive).
    .addColumn("outcome_from", "varchar(10)")
    .addColumn("outcome_to", "varchar(10)")
    // The realised change of the daily outcome, and whether it fell inside the 80% interval.
    .addColumn("realised_delta", "double precision")
    .addColumn("realised_inside", "boolean")
    .addColumn("followed_up_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("optimizer_recommendations_organization_status_idx")
    .ifNotExists()
    .on("optimizer_recommendations")
    .columns(["organization_id", "status", "created_at"])
    .execute();
  await db.schema
    .createIndex("optimizer_recommendations_run_idx")
    .ifNotExists()
    .on("optimizer_recommendations")
    .columns(["run_id"])
    .execute();

  // A pacing alert is sent once per organization, month, kind (under | over) and day.
  await db.schema
    .createTable("budget_pacing_alerts")
    .ifNotExists()
    .addColumn("organization_id", "varchar(64)", organizationId)
    .addColumn("month", "varchar(7)", (column) => column.notNull())
    .addColumn("kind", "varchar(8)", (column) => column.notNull())
    .addColumn("last_sent_on", "varchar(10)", (column) => column.notNull())
    .addColumn("data_json", "text")
    .addPrimaryKeyConstraint("budget_pacing_alerts_pk", ["organization_id", "month", "kind"])
    .execute();
}
