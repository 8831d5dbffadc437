/**
 * The budget plan's endpoints on the wire (OpenAPI components): the plan (the goal's monthly budget
 * and target, the optimizer's settings, groups and per-campaign bounds), its settings body, and the
 * month's pacing. Amounts are minor units: the plan's currency for the budget and groups, each
 * campaign's own for its bounds.
 */
import { z } from "zod";
import { WIRE_PLATFORMS } from "./wire-values.ts";

const minor = (description: string) => z.number().int().describe(description);
const nullableMinor = (description: string) => z.number().int().nullable().describe(description);

export const budgetPlanGroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z
      .enum(["platform", "campaigns"])
      .describe("platform: every campaign of one ad platform; campaigns: a chosen set."),
    platform: z.enum(WIRE_PLATFORMS).nullable().describe("The platform of a platform group."),
    campaign_ids: z
      .array(z.string())
      .describe("The group's campaigns (for a platform group, the platform's campaigns)."),
    min_monthly_minor: nullableMinor("The group's monthly minimum in the plan's currency; null = none."),
    max_monthly_minor: nullableMinor("The group's monthly maximum in the plan's currency; null = none."),
  })
  .meta({ id: "BudgetPlanGroup" });

const settingsShape = {
  objective: z.enum(["conversions", "revenue"]).describe("What the optimizer maximises, or aims for at least spend."),
  revenue_source: z
    .enum(["platform", "store"])
    .describe("Revenue as the platforms report it, or store revenue attributed by UTM."),
  mode: z
    .enum(["maximize", "target"])
    .describe("maximize: the most outcome for the budget; target: the goal's ROAS or CPA at the least spend."),
  pacing_curve: z
    .enum(["even", "weekday"])
    .describe("even, or weighted by each weekday's share of the last 8 weeks' spend."),
  max_daily_change: z
    .number()
    .describe("Largest change of a campaign's daily budget in one step, as a fraction (0.3 = ±30%)."),
  exploration_share: z.number().describe("Share of the budget spent learning response curves (0.05 = 5%)."),
  rebalance_daily: z.boolean().describe("Moves the remaining budget through the optimizer every day."),
  auto_apply: z.boolean().describe("Applies the daily recommendations without asking, within the guardrails."),
  max_auto_changes_per_day: z.number().int().describe("Most automatic changes a day."),
};

export const budgetPlanSchema = z
  .object({
    currency: z.string().nullable().describe("The organization goal's currency; null when no goal is set."),
    monthly_budget_minor: nullableMinor("The organization goal's monthly budget; null when none is set."),
    target: z
      .object({
        kind: z.enum(["roas", "cpa"]),
        value: z.number().describe("A ROAS as a ratio (3.5), or a CPA in minor units of the plan's currency."),
      })
      .nullable()
      .describe("The organization goal's target, set under Goals."),
    ...settingsShape,
    groups: z.array(budgetPlanGroupSchema),
    bounds: z
      .array(
        z.object({
          campaign_id: z.string(),
          min_daily_minor: nullableMinor("Daily minimum in the campaign's currency; null = none."),
          max_daily_minor: nullableMinor("Daily maximum in the campaign's currency; null = none."),
        }),
      )
      .describe("Per-campaign daily bounds for the optimizer."),
    updated_at: z.string().nullable().describe("When the settings were last saved; null while they are the defaults."),
  })
  .meta({ id: "BudgetPlan" });

export const budgetPlanEnvelopeSchema = z.object({ data: budgetPlanSchema });

export const updateBudgetPlanBodySchema = z
  .object({
    objective: z.enum(["conversions", "revenue"], "objective must be conversions or revenue.").optional(),
    revenue_source: z.enum(["platform", "store"], "revenue_source must be platform or store.").optional(),
    mode: z.enum(["maximize", "target"], "mode must be maximize or target.").optional(),
    pacing_curve: z.enum(["even", "weekday"], "pacing_curve must be even or weekday.").optional(),
    max_daily_change: z
      .number("max_daily_change must be a number.")
      .optional()
      .describe("A fraction from 0.05 to 1 (0.3 = ±30%)."),
    exploration_share: z.number("exploration_share must be a number.").optional().describe("A fraction from 0 to 0.2."),
    rebalance_daily: z.boolean("rebalance_daily must be true or false.").optional(),
    auto_apply: z.boolean("auto_apply must be true or false.").optional(),
    max_auto_changes_per_day: z
      .number("max_auto_changes_per_day must be a number.")
      .optional()
      .describe("A whole number from 1 to 100."),
  })
  .strict()
  .meta({
    id: "UpdateBudgetPlan",
    description: "The settings to change; those left out keep their values.",
    example: { objective: "revenue", max_daily_change: 0.2, rebalance_daily: true },
  });

const projectionSchema = z
  .object({
    mean_minor: minor("Expected month-end spend."),
    low_minor: minor("Lower end of the 80% interval."),
    high_minor: minor("Upper end of the 80% interval."),
  })
  .meta({ id: "SpendProjection" });

const pacingStatus = z.enum(["on_track", "under", "over"]);

export const budgetPacingSchema = z
  .object({
    today: z.string().describe("The organization's date (its owner's time zone)."),
    month: z.string().describe("YYYY-MM"),
    days_in_month: z.number().int(),
    days_elapsed: z.number().int().describe("Days of the month up to and including today."),
    currency: z.string().nullable(),
    curve: z.enum(["even", "weekday"]),
    curve_used: z.enum(["even", "weekday"]).describe("even while there is too little history for the weekday curve."),
    plan: z
      .object({
        budget_minor: minor("The monthly budget."),
        spent_minor: minor("Spent so far this month, today included."),
        ideal_to_date_minor: minor("What the ideal curve has spent by the end of today."),
        projection: projectionSchema,
        reliable: z.boolean().describe("False while fewer than 5 complete days of history back the projection."),
        status: pacingStatus,
        suggested_daily_budget_minor: minor("What today should spend so the month lands on budget."),
        days: z.array(
          z.object({
            date: z.string(),
            ideal_minor: z.number().int().nullable().describe("Ideal cumulative spend by the end of the day."),
            actual_minor: z.number().int().nullable().describe("Actual cumulative spend; null for days to come."),
            projected: projectionSchema.nullable().describe("Projected cumulative spend; null for past days."),
          }),
        ),
      })
      .nullable()
      .describe("Null when the organization goal has no monthly budget."),
    groups: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        spent_minor: z.number().int(),
        projection: projectionSchema,
        min_monthly_minor: z.number().int().nullable(),
        max_monthly_minor: z.number().int().nullable(),
        status: pacingStatus,
      }),
    ),
    uncounted_currencies: z
      .array(z.string())
      .describe("Other currencies campaigns spent in this month; pacing counts the plan's currency only."),
  })
  .meta({ id: "BudgetPacing" });

export const budgetPacingEnvelopeSchema = z.object({ data: budgetPacingSchema });
