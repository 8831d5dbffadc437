/**
 * The optimizer endpoints on the wire (OpenAPI components): recommendations with their predicted
 * effect and reasons, a run's summary, the result of an apply, and the calibration. Amounts are
 * minor units of `currency`; an outcome is conversions, or revenue in minor units, per day.
 */
import { z } from "zod";
import { WIRE_PLATFORMS } from "./wire-values.ts";

export const recommendationIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: "id", in: "path" }, description: "The recommendation's id." }),
});

const intervalSchema = z
  .object({ mean: z.number(), low: z.number(), high: z.number() })
  .meta({ id: "PredictionInterval", description: "A prediction: its mean and 80% interval." });

const reasonSchema = z
  .object({
    code: z.enum(["saturated", "room_to_grow", "below_target", "learning", "bounded", "little_history"]),
    step_minor: z.number().int().optional().describe("The amount the marginals are for (saturated, room_to_grow)."),
    marginal_here: z.number().optional().describe("What step_minor more buys on this campaign."),
    marginal_best: z.number().optional().describe("What the same amount buys on best_campaign (saturated)."),
    marginal_average: z.number().optional().describe("What it buys on average across campaigns (room_to_grow)."),
    best_campaign_id: z.string().optional(),
    best_campaign_name: z.string().optional(),
    kind: z.enum(["roas", "cpa"]).optional().describe("below_target: the target's kind."),
    marginal: z.number().optional().describe("below_target: the marginal ROAS or CPA at today's budget."),
    target: z.number().optional(),
    limit: z.enum(["min", "max", "platform_min", "change"]).optional().describe("bounded: the limit reached."),
    amount_minor: z.number().int().optional().describe("bounded: the limit's amount."),
    history_days: z.number().int().optional().describe("little_history: the campaign's own days."),
  })
  .meta({
    id: "RecommendationReason",
    description:
      "Why, as a code with its numbers. saturated: the next step_minor buys marginal_here here against marginal_best on best_campaign_name. room_to_grow: it still buys marginal_here (marginal_average on average). below_target: the marginal ROAS or CPA misses the target. learning: part of the exploration share. bounded: stops at a limit. little_history: the curve borrows from the platform's other campaigns.",
  });

export const recommendationSchema = z
  .object({
    id: z.string(),
    run_id: z.string(),
    campaign_id: z.string(),
    campaign_name: z.string(),
    platform: z.enum(WIRE_PLATFORMS),
    currency: z.string(),
    objective: z.enum(["conversions", "revenue"]),
    current_budget_minor: z.number().int(),
    recommended_budget_minor: z.number().int(),
    predicted_delta: intervalSchema.describe(
      "The predicted change of the daily outcome over the 7 days after the change, with its 80% interval.",
    ),
    predicted_before: intervalSchema,
    predicted_after: intervalSchema,
    efficiency: z.object({
      metric: z.enum(["cpa", "roas"]),
      before: z.number().nullable(),
      after: z.number().nullable(),
    }),
    confidence: z.number().describe("0 … 1: how well the data pin the campaign's curve down."),
    exploration: z.boolean().describe("Part of the exploration share: the move teaches the curve."),
    reasons: z.array(reasonSchema),
    status: z
      .enum(["open", "applied", "undone", "dismissed", "superseded", "failed"])
      .describe("undone: applied, then its change was undone; left out of the follow-up and the calibration."),
    change_id: z.string().nullable().describe("The change log entry of an applied recommendation."),
    applied_by: z.string().nullable(),
    applied_at: z.iso.datetime().nullable(),
    undone_at: z.iso.datetime().nullable().describe("When the change of an undone recommendation was undone."),
    failure_message: z.string().nullable(),
    follow_up: z
      .object({
        from: z.iso.date(),
        to: z.iso.date(),
        realised_delta: z
          .number()
          .nullable()
          .describe("The mean daily outcome over the outcome days − over the 7 days before the change."),
        spend_before_minor: z
          .number()
          .nullable()
          .describe("The mean daily spend over the 7 days before the change: the path that actually ran."),
        spend_after_minor: z.number().nullable().describe("The mean daily spend over the outcome days."),
        expected_delta: intervalSchema
          .nullable()
          .describe(
            "The predicted change for the spends that actually ran (the budget may have moved again): what realised_delta is measured against.",
          ),
        inside: z.boolean().nullable().describe("Whether realised_delta fell inside expected_delta's 80% interval."),
      })
      .nullable()
      .describe("The outcome days of an applied recommendation and, once mature, what happened."),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Recommendation" });

export const recommendationListSchema = z.object({ data: z.array(recommendationSchema) });
export const recommendationEnvelopeSchema = z.object({ data: recommendationSchema });

export const optimizerRunSchema = z
  .object({
    readiness: z
      .enum(["ready", "no_campaigns", "not_enough_history"])
      .describe(
        "no_campaigns: no enabled campaign with its own daily budget; not_enough_history: under 14 days of spend.",
      ),
    run: z
      .object({
        id: z.string(),
        trigger: z.enum(["page", "api", "rebalance", "auto_apply"]),
        objective: z.enum(["conversions", "revenue"]),
        currency: z.string(),
        daily_budget_minor: z.number().int(),
        current_budget_minor: z.number().int(),
        predicted_before: intervalSchema,
        predicted_after: intervalSchema,
        considered: z.number().int(),
        left_out: z.array(
          z.object({
            campaign_id: z.string(),
            campaign_name: z.string(),
            reason: z.enum(["other_currency", "no_daily_budget", "paused"]),
          }),
        ),
        notes: z.array(z.string()),
        created_at: z.iso.datetime(),
      })
      .nullable(),
    recommendations: z.array(recommendationSchema),
  })
  .meta({ id: "OptimizerRun" });

export const optimizerRunEnvelopeSchema = z.object({ data: optimizerRunSchema });

export const applyResultEnvelopeSchema = z.object({
  data: z
    .object({
      outcome: z.enum(["applied", "failed"]),
      message: z.string().describe("The platform's answer, or why it failed."),
      change_id: z.string().nullable().describe("The change log entry (Undo is in the app's change history)."),
      recommendation: recommendationSchema,
    })
    .meta({ id: "AppliedRecommendation" }),
});

export const calibrationEnvelopeSchema = z.object({
  data: z
    .object({
      rows: z.array(
        z.object({
          objective: z.enum(["conversions", "revenue"]),
          count: z.number().int(),
          share_inside: z.number().nullable().describe("Share of outcomes inside their 80% interval (ideal ≈ 0.8)."),
          mean_absolute_error: z.number().nullable(),
          bias: z.number().nullable().describe("Mean of realised − predicted."),
        }),
      ),
      pending: z.number().int().describe("Applied recommendations whose outcome days are not mature yet."),
    })
    .meta({ id: "OptimizerCalibration" }),
});
