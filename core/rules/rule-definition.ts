/**
 * The rule language: one definition over all five ad platforms. A rule has a scope (which
 * campaigns), conditions in AND/OR groups (one level of nesting), each with its own window, a
 * minimum-data guard, the conversion lag setting, a schedule in the organization's time zone,
 * actions and guardrails. The editor, the public API and the engine share this schema; amounts are
 * minor units of the campaign's currency, percentages are plain numbers (20 = 20%).
 */
import { z } from "zod";
import { campaignLabelSchema } from "#core/campaigns/campaign-label-schema.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

/** What a condition measures on a campaign over its window. */
export const RULE_METRICS = [
  "spend",
  "impressions",
  "clicks",
  "ctr",
  "cpc",
  "conversions",
  "cpa",
  "revenue",
  "roas",
  "blended_roas",
  "budget_utilisation",
  "mtd_pacing",
] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];

/** What a condition may compare against besides a number: a metric, or one of the goals' targets. */
export const REFERENCE_METRICS = [...RULE_METRICS, "target_cpa", "target_roas"] as const;
export type ReferenceMetric = (typeof REFERENCE_METRICS)[number];

/** Metrics that count conversions: the lag model leaves immature days out of them. */
export const CONVERSION_METRICS: ReadonlySet<ReferenceMetric> = new Set([
  "conversions",
  "cpa",
  "revenue",
  "roas",
  "blended_roas",
]);

/** Metrics in money (minor units of the campaign's currency). */
export const MONEY_METRICS: ReadonlySet<ReferenceMetric> = new Set(["spend", "cpc", "cpa", "revenue", "target_cpa"]);

export const OPERATORS = [">", ">=", "<", "<=", "=", "!="] as const;
export type Operator = (typeof OPERATORS)[number];

export const MAX_WINDOW_DAYS = 90;

export const windowSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("today") }),
    z.object({ kind: z.literal("yesterday") }),
    z.object({
      kind: z.literal("last_days"),
      days: z
        .number({ error: "Enter a number of days from 1 to 90." })
        .int("Enter a number of days from 1 to 90.")
        .min(1, "Enter a number of days from 1 to 90.")
        .max(MAX_WINDOW_DAYS, "Enter a number of days from 1 to 90."),
    }),
    z.object({ kind: z.literal("this_month") }),
  ],
  { error: "Choose a window: today, yesterday, the last days or this month." },
);
export type RuleWindow = z.infer<typeof windowSchema>;

const finiteNumber = (message: string) =>
  z.number({ error: message }).refine((value) => Number.isFinite(value) && Math.abs(value) <= 1e12, message);

export const comparandSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("value"), value: finiteNumber("Enter a number to compare with.") }),
    z.object({
      kind: z.literal("metric"),
      factor: finiteNumber("Enter a factor such as 1.5.").refine(
        (value) => value > 0 && value <= 100,
        "A factor is a number above 0 and at most 100.",
      ),
      metric: z.enum(REFERENCE_METRICS, { error: "Choose a metric from the list." }),
    }),
  ],
  { error: "Compare with a number or with a metric." },
);
export type Comparand = z.infer<typeof comparandSchema>;

export const conditionSchema = z.object({
  metric: z.enum(RULE_METRICS, { error: "Choose a metric from the list." }),
  operator: z.enum(OPERATORS, { error: "Choose a comparison from the list." }),
  comparand: comparandSchema,
  window: windowSchema,
});
export type Condition = z.infer<typeof conditionSchema>;

export const MATCHES = ["all", "any"] as const;
export type Match = (typeof MATCHES)[number];

export const conditionGroupSchema = z.object({
  match: z.enum(MATCHES),
  conditions: z
    .array(conditionSchema)
    .min(1, "A group needs at least one condition.")
    .max(10, "A group has at most 10 conditions."),
});

export const GUARD_METRICS = ["spend", "impressions", "clicks", "conversions"] as const;
export type GuardMetric = (typeof GUARD_METRICS)[number];

/** Each condition's window must hold at least this much, or the rule does not judge the campaign. */
export const minimumDataSchema = z.object({
  metric: z.enum(GUARD_METRICS, { error: "Choose spend, impressions, clicks or conversions." }),
  /** Minor units for spend. */
  atLeast: finiteNumber("Enter the least amount of data.").refine(
    (value) => value >= 0,
    "The least amount of data is 0 or more.",
  ),
});

export const lagSchema = z.object({
  /** Leave days out of conversion metrics while they are expected to be less complete than the threshold. */
  excludeImmatureDays: z.boolean(),
  /** 0.5 to 1; 0.9 by default. */
  completenessThreshold: z
    .number({ error: "Enter a completeness from 50% to 100%." })
    .min(0.5, "Enter a completeness from 50% to 100%.")
    .max(1, "Enter a completeness from 50% to 100%."),
});
export type LagSetting = z.infer<typeof lagSchema>;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 08:00.");

export const scheduleSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("every_15_minutes") }),
    z.object({ kind: z.literal("hourly") }),
    z.object({ kind: z.literal("daily"), time: timeOfDay }),
    z.object({
      kind: z.literal("weekly"),
      /** 0 = Sunday … 6 = Saturday. */
      weekday: z.number().int().min(0, "Choose a day of the week.").max(6, "Choose a day of the week."),
      time: timeOfDay,
    }),
  ],
  { error: "Choose how often the rule runs." },
);
export type RuleSchedule = z.infer<typeof scheduleSchema>;

export const NOTIFY_CHANNELS = ["in_app", "email", "push", "webhook"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

const amountMinor = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(100_000_000_000, message);

export const actionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("pause") }),
    z.object({ kind: z.literal("enable") }),
    z.object({ kind: z.literal("set_budget"), amountMinor: amountMinor("Enter a daily budget above 0.") }),
    z
      .object({
        kind: z.literal("change_budget"),
        percent: z
          .number({ error: "Enter a change from -90% to +500%." })
          .min(-90, "Enter a change from -90% to +500%.")
          .max(500, "Enter a change from -90% to +500%.")
          .refine((value) => value !== 0, "Enter a change other than 0%."),
        floorMinor: amountMinor("Enter a floor of 0 or more.").nullable(),
        ceilingMinor: amountMinor("Enter a ceiling of 0 or more.").nullable(),
      })
      .superRefine((action, context) => {
        if (action.floorMinor != null && action.ceilingMinor != null && action.floorMinor > action.ceilingMinor)
          context.addIssue({
            code: "custom",
            path: ["floorMinor"],
            message: "The floor is above the ceiling. Lower the floor or raise the ceiling.",
          });
      }),
    z.object({ kind: z.literal("add_label"), label: campaignLabelSchema }),
    z.object({ kind: z.literal("remove_label"), label: campaignLabelSchema }),
    z.object({
      kind: z.literal("notify"),
      channels: z
        .array(z.enum(NOTIFY_CHANNELS))
        .min(1, "Choose at least one way to be told.")
        .refine((channels) => new Set(channels).size === channels.length, "Choose each channel once."),
    }),
  ],
  { error: "Choose an action from the list." },
);
export type RuleAction = z.infer<typeof actionSchema>;

export const guardrailsSchema = z.object({
  /** Hours after acting on a campaign before this rule acts on it again (0–720). */
  cooldownHours: z
    .number({ error: "Enter a cooldown from 0 to 720 hours." })
    .int("Enter a cooldown from 0 to 720 hours.")
    .min(0, "Enter a cooldown from 0 to 720 hours.")
    .max(720, "Enter a cooldown from 0 to 720 hours."),
  maxActionsPerRun: z
    .number({ error: "Enter a number from 1 to 1000." })
    .int("Enter a number from 1 to 1000.")
    .min(1, "Enter a number from 1 to 1000.")
    .max(1000, "Enter a number from 1 to 1000."),
  maxActionsPerDay: z
    .number({ error: "Enter a number from 1 to 10000." })
    .int("Enter a number from 1 to 10000.")
    .min(1, "Enter a number from 1 to 10000.")
    .max(10_000, "Enter a number from 1 to 10000."),
  /** The most a campaign's daily budget may move in one day through this rule, in percent of the day's first budget. */
  maxBudgetChangePercentPerDay: z
    .number({ error: "Enter a percentage from 1 to 500." })
    .min(1, "Enter a percentage from 1 to 500.")
    .max(500, "Enter a percentage from 1 to 500."),
  /** And in minor units; null for no limit in money. */
  maxBudgetChangeMinorPerDay: amountMinor("Enter an amount of 0 or more.").nullable(),
});
export type Guardrails = z.infer<typeof guardrailsSchema>;

export const CAMPAIGN_SELECTIONS = ["all", "list", "name", "label"] as const;

export const scopeSchema = z
  .object({
    /** Empty: every ad platform. */
    platforms: z.array(z.enum(AD_PLATFORM_IDS, { error: "Choose an ad platform from the list." })).max(5),
    /** Empty: every ad account of those platforms. */
    adAccountIds: z.array(z.string().min(1).max(64)).max(500),
    campaigns: z.discriminatedUnion(
      "kind",
      [
        z.object({ kind: z.literal("all") }),
        z.object({
          kind: z.literal("list"),
          campaignIds: z
            .array(z.string().min(1).max(64))
            .min(1, "Choose at least one campaign.")
            .max(1000, "Choose at most 1,000 campaigns."),
        }),
        z.object({
          kind: z.literal("name"),
          /** Case-insensitive; "contains" or "does not contain". */
          operator: z.enum(["contains", "not_contains"]),
          text: z.string().trim().min(1, "Enter part of a campaign name.").max(200),
        }),
        z.object({
          kind: z.literal("label"),
          labels: z.array(campaignLabelSchema).min(1, "Choose at least one label.").max(20),
        }),
      ],
      { error: "Choose which campaigns the rule looks at." },
    ),
  })
  .strict();
export type RuleScope = z.infer<typeof scopeSchema>;

export const ruleDefinitionSchema = z.object({
  scope: scopeSchema,
  conditions: z.object({
    match: z.enum(MATCHES),
    groups: z.array(conditionGroupSchema).min(1, "Add at least one condition.").max(5, "A rule has at most 5 groups."),
  }),
  minimumData: z.array(minimumDataSchema).max(4),
  lag: lagSchema,
  schedule: scheduleSchema,
  actions: z
    .array(actionSchema)
    .min(1, "Add at least one action.")
    .max(6, "A rule has at most 6 actions.")
    .superRefine((actions, context) => {
      const kinds = actions.map((action) => action.kind);
      const budgetActions = kinds.filter((kind) => kind === "set_budget" || kind === "change_budget").length;
      if (budgetActions > 1) context.addIssue({ code: "custom", message: "A rule changes the budget at most once." });
      if (kinds.includes("pause") && kinds.includes("enable"))
        context.addIssue({ code: "custom", message: "A rule cannot both pause and enable a campaign." });
    }),
  guardrails: guardrailsSchema,
});
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>;

export const RULE_STATUSES = ["preview", "active", "paused"] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export const ruleNameSchema = z
  .string({ error: "Enter a name for the rule." })
  .trim()
  .min(1, "Enter a name for the rule.")
  .max(120, "A rule's name is at most 120 characters.");

export const DEFAULT_GUARDRAILS: Guardrails = {
  cooldownHours: 24,
  maxActionsPerRun: 20,
  maxActionsPerDay: 50,
  maxBudgetChangePercentPerDay: 50,
  maxBudgetChangeMinorPerDay: null,
};

export const DEFAULT_LAG: LagSetting = { excludeImmatureDays: true, completenessThreshold: 0.9 };
