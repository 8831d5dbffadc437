/**
 * The budget plan's forms, shared by the browser, the server and the API: the plan's settings, a
 * group (a platform, or chosen campaigns, with a monthly minimum and maximum typed in the plan
 * currency's major units, like goals) and per-campaign daily bounds (in the campaign's currency).
 * The messages are English; the app translates them through its messages-budgets catalogs.
 */
import { z } from "zod";
import { MAX_AMOUNT, parseAmountText } from "#core/goals/goal-schema.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

export const OBJECTIVES = ["conversions", "revenue"] as const;
export const REVENUE_SOURCES = ["platform", "store"] as const;
export const PLAN_MODES = ["maximize", "target"] as const;
export const PACING_CURVES = ["even", "weekday"] as const;
export const GROUP_KINDS = ["platform", "campaigns"] as const;

/** The plan when nothing is saved. */
export const BUDGET_PLAN_DEFAULTS = {
  objective: "conversions",
  revenueSource: "platform",
  mode: "maximize",
  pacingCurve: "even",
  maxDailyChange: 0.3,
  explorationShare: 0.05,
  rebalanceDaily: false,
  autoApply: false,
  maxAutoChangesPerDay: 10,
} as const;

export const MIN_DAILY_CHANGE = 0.05;
export const MAX_DAILY_CHANGE = 1;
export const MAX_EXPLORATION_SHARE = 0.2;
export const MAX_AUTO_CHANGES_PER_DAY = 100;
export const MAX_GROUPS = 50;
export const MAX_GROUP_CAMPAIGNS = 1000;
export const MAX_BOUNDS_PER_SAVE = 1000;

export const AMOUNT_FORMAT_MESSAGE = "Enter an amount such as 5000 or 49.90.";
export const MIN_ABOVE_MAX_MESSAGE = "The minimum cannot be more than the maximum.";

export const budgetPlanSettingsSchema = z.object({
  objective: z.enum(OBJECTIVES, { error: "Choose conversions or revenue." }),
  revenueSource: z.enum(REVENUE_SOURCES, { error: "Choose the platforms' revenue or the store's." }),
  mode: z.enum(PLAN_MODES, { error: "Choose to maximize the outcome or to reach the target." }),
  pacingCurve: z.enum(PACING_CURVES, { error: "Choose an even or a weekday pacing curve." }),
  maxDailyChange: z
    .number({ error: "The largest daily change is a percentage from 5% to 100%." })
    .min(MIN_DAILY_CHANGE, "The largest daily change is a percentage from 5% to 100%.")
    .max(MAX_DAILY_CHANGE, "The largest daily change is a percentage from 5% to 100%."),
  explorationShare: z
    .number({ error: "The exploration share is a percentage from 0% to 20%." })
    .min(0, "The exploration share is a percentage from 0% to 20%.")
    .max(MAX_EXPLORATION_SHARE, "The exploration share is a percentage from 0% to 20%."),
  rebalanceDaily: z.boolean({ error: "Choose whether to rebalance every day." }),
  autoApply: z.boolean({ error: "Choose whether to apply changes automatically." }),
  maxAutoChangesPerDay: z
    .number({ error: "Automatic changes per day is a whole number from 1 to 100." })
    .int("Automatic changes per day is a whole number from 1 to 100.")
    .min(1, "Automatic changes per day is a whole number from 1 to 100.")
    .max(MAX_AUTO_CHANGES_PER_DAY, "Automatic changes per day is a whole number from 1 to 100."),
});

export type BudgetPlanSettings = z.output<typeof budgetPlanSettingsSchema>;

/** Two optional amounts typed in major units, checked and in order; issues go on `minPath` and `maxPath`. */
function checkRange(
  context: z.RefinementCtx,
  values: { min: string | undefined; max: string | undefined },
  paths: { min: string; max: string },
  positiveMessage: string,
) {
  const min = parseAmountText(values.min);
  const max = parseAmountText(values.max);
  for (const [amount, path] of [
    [min, paths.min],
    [max, paths.max],
  ] as const) {
    if (amount === null) continue;
    if (Number.isNaN(amount)) context.addIssue({ code: "custom", path: [path], message: AMOUNT_FORMAT_MESSAGE });
    else if (amount > MAX_AMOUNT) context.addIssue({ code: "custom", path: [path], message: positiveMessage });
  }
  if (max === 0) context.addIssue({ code: "custom", path: [paths.max], message: positiveMessage });
  if (min !== null && max !== null && !Number.isNaN(min) && !Number.isNaN(max) && min > max)
    context.addIssue({ code: "custom", path: [paths.min], message: MIN_ABOVE_MAX_MESSAGE });
}

export const budgetGroupFormSchema = z
  .object({
    /** Absent for a new group. */
    id: z.string().max(64).optional(),
    name: z
      .string({ error: "Give the group a name." })
      .trim()
      .min(1, "Give the group a name.")
      .max(80, "A group's name has at most 80 characters."),
    kind: z.enum(GROUP_KINDS, { error: "Choose a platform or a set of campaigns." }),
    platform: z.string().optional().nullable(),
    campaignIds: z
      .array(z.string().max(64), { error: "Choose the group's campaigns." })
      .max(MAX_GROUP_CAMPAIGNS, "A group has at most 1000 campaigns.")
      .optional(),
    minMonthly: z.string().max(32).optional(),
    maxMonthly: z.string().max(32).optional(),
  })
  .superRefine((group, context) => {
    if (group.kind === "platform" && !AD_PLATFORM_IDS.includes(group.platform as never))
      context.addIssue({ code: "custom", path: ["platform"], message: "Choose an ad platform from the list." });
    if (group.kind === "campaigns" && (group.campaignIds ?? []).length === 0)
      context.addIssue({ code: "custom", path: ["campaignIds"], message: "Choose at least one campaign." });
    checkRange(
      context,
      { min: group.minMonthly, max: group.maxMonthly },
      { min: "minMonthly", max: "maxMonthly" },
      "A monthly amount must be more than zero.",
    );
  })
  .transform((group) => ({
    id: group.id ?? null,
    name: group.name,
    kind: group.kind,
    platform: group.kind === "platform" ? (group.platform as (typeof AD_PLATFORM_IDS)[number]) : null,
    campaignIds: group.kind === "campaigns" ? [...new Set(group.campaignIds ?? [])] : [],
    /** Major units of the plan's currency. */
    minMonthly: parseAmountText(group.minMonthly),
    maxMonthly: parseAmountText(group.maxMonthly),
  }));

export const campaignBoundsEntrySchema = z
  .object({
    campaignId: z.string({ error: "Choose a campaign." }).min(1, "Choose a campaign.").max(64),
    minDaily: z.string().max(32).optional().nullable(),
    maxDaily: z.string().max(32).optional().nullable(),
  })
  .superRefine((entry, context) =>
    checkRange(
      context,
      { min: entry.minDaily ?? undefined, max: entry.maxDaily ?? undefined },
      { min: "minDaily", max: "maxDaily" },
      "A daily amount must be more than zero.",
    ),
  )
  .transform((entry) => ({
    campaignId: entry.campaignId,
    /** Major units of the campaign's currency. */
    minDaily: parseAmountText(entry.minDaily ?? undefined),
    maxDaily: parseAmountText(entry.maxDaily ?? undefined),
  }));

export const campaignBoundsFormSchema = z
  .object({
    bounds: z
      .array(campaignBoundsEntrySchema, { error: "Send the campaigns' bounds." })
      .max(MAX_BOUNDS_PER_SAVE, "Save at most 1000 campaigns at a time."),
  })
  .superRefine((form, context) => {
    const seen = new Set<string>();
    form.bounds.forEach((entry, index) => {
      if (seen.has(entry.campaignId))
        context.addIssue({
          code: "custom",
          path: ["bounds", index, "campaignId"],
          message: "Each campaign appears once.",
        });
      seen.add(entry.campaignId);
    });
  });

/** A zod error as field errors keyed by dotted path (the first message of each field). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  return fieldErrors;
}
