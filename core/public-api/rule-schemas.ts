/**
 * The rules endpoints on the wire (OpenAPI components). A rule's `definition` is the rule language
 * of README → Automation with snake_case keys and the API's platform names; it is validated by the
 * rules slice, whose messages name the field.
 */
import { z } from "zod";

export const ruleIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: "id", in: "path" }, description: "The rule's id." }),
});

const definitionSchema = z.record(z.string(), z.unknown()).meta({
  id: "RuleDefinition",
  description:
    "scope (platforms, ad_account_ids, campaigns), conditions (match, groups of conditions with metric, operator, comparand and window), minimum_data, lag, schedule, actions and guardrails. See README → Automation.",
  example: {
    scope: { platforms: ["google_ads"], ad_account_ids: [], campaigns: { kind: "all" } },
    conditions: {
      match: "all",
      groups: [
        {
          match: "all",
          conditions: [
            {
              metric: "cpa",
              operator: ">",
              comparand: { kind: "metric", factor: 1.5, metric: "target_cpa" },
              window: { kind: "last_days", days: 3 },
            },
          ],
        },
      ],
    },
    minimum_data: [{ metric: "spend", at_least: 5000 }],
    lag: { exclude_immature_days: true, completeness_threshold: 0.9 },
    schedule: { kind: "hourly" },
    actions: [{ kind: "pause" }, { kind: "notify", channels: ["in_app", "email"] }],
    guardrails: {
      cooldown_hours: 24,
      max_actions_per_run: 20,
      max_actions_per_day: 50,
      max_budget_change_percent_per_day: 50,
      max_budget_change_minor_per_day: null,
    },
  },
});

const countsSchema = z.object({
  in_scope: z.number().int(),
  fired: z.number().int(),
  acted: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});

export const ruleRunSummarySchema = z
  .object({
    id: z.string(),
    rule_id: z.string(),
    trigger: z.enum(["schedule", "run_now", "api"]),
    mode: z.enum(["preview", "live"]).describe("preview: recorded what it would do; live: acted."),
    status: z.enum(["running", "succeeded", "partial", "failed", "skipped"]),
    actor: z.string().describe("Who started it: a person, an API key, or Schedule."),
    counts: countsSchema,
    message: z.string().nullable(),
    traces_pruned: z
      .boolean()
      .describe("Nothing fired, and a later run where nothing fired replaced this run's per-campaign traces."),
    started_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "RuleRunSummary" });

export const ruleRunSchema = ruleRunSummarySchema
  .extend({
    campaigns: z.array(
      z.object({
        campaign_id: z.string(),
        name: z.string(),
        platform: z.string(),
        fired: z.boolean(),
        outcome: z.enum(["none", "pending", "applying", "succeeded", "failed", "skipped"]),
        trace: z
          .unknown()
          .describe("Each condition's evaluated values, the guard, and the days the lag model left out."),
        actions: z.array(
          z.object({
            kind: z.string(),
            outcome: z.enum(["succeeded", "failed", "skipped", "would_apply"]),
            message: z.string(),
            reason: z.string().nullable().describe("Why it was held back or capped, as a code."),
            change_id: z.string().nullable().describe("The change log entry (undo it from the campaign's page)."),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "RuleRun" });

export const ruleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(["preview", "active", "paused"]).describe("A new rule starts in preview and acts once active."),
    template: z.string().nullable(),
    definition: definitionSchema,
    next_run_at: z.iso.datetime().nullable(),
    last_run: ruleRunSummarySchema.nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Rule" });

export const ruleEnvelopeSchema = z.object({ data: ruleSchema });
export const ruleListSchema = z.object({ data: z.array(ruleSchema) });
export const ruleRunEnvelopeSchema = z.object({ data: ruleRunSchema });
export const ruleRunListSchema = z.object({ data: z.array(ruleRunSummarySchema), next_cursor: z.string().nullable() });
export const rulePreviewSchema = z.object({
  data: z.object({
    generated_at: z.iso.datetime(),
    today: z.string(),
    time_zone: z.string(),
    counts: countsSchema,
    campaigns: ruleRunSchema.shape.campaigns,
  }),
});

export const createRuleBodySchema = z
  .object({
    name: z.string("name must be a string.").describe("1 to 120 characters."),
    definition: definitionSchema,
    template: z.string().optional(),
  })
  .strict()
  .meta({ id: "CreateRule" });

export const updateRuleBodySchema = z
  .object({
    name: z.string("name must be a string.").optional(),
    definition: definitionSchema.optional(),
    status: z
      .enum(["preview", "active", "paused"], "status must be one of preview, active, paused.")
      .optional()
      .describe(
        "active: the rule acts on its schedule; preview: it records what it would do; paused: it does not run.",
      ),
  })
  .strict()
  .meta({ id: "UpdateRule" });

export const listRuleRunsQuerySchema = z.object({
  limit: z.coerce
    .number("limit must be a number.")
    .int("limit must be from 1 to 100.")
    .min(1, "limit must be from 1 to 100.")
    .max(100, "limit must be from 1 to 100.")
    .optional(),
  cursor: z.string().max(512).optional(),
});
