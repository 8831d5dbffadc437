/**
 * The goals form's contract, shared by the browser and the server: for the organization, and
 * optionally per ad platform, a target (ROAS or CPA) and a monthly budget. Amounts are typed in
 * the currency's major units ("5000", "49.90"); the server turns them into minor units.
 */
import { z } from "zod";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

export const ORGANIZATION_SCOPE = "organization";
export const GOAL_SCOPES = [ORGANIZATION_SCOPE, ...AD_PLATFORM_IDS] as const;
export type GoalScope = (typeof GOAL_SCOPES)[number];

export const TARGET_KINDS = ["none", "roas", "cpa"] as const;
export type TargetKindChoice = (typeof TARGET_KINDS)[number];

export const MIN_TARGET_ROAS = 0.1;
export const MAX_TARGET_ROAS = 100;
/** A billion in major units: far beyond any monthly budget, well inside a bigint of minor units. */
export const MAX_AMOUNT = 1_000_000_000;

/** "5,000.50" → 5000.5; "" → null; anything else → NaN (refused with a message). */
export function parseAmountText(text: string | undefined): number | null {
  const cleaned = (text ?? "").replace(/[\s,]/g, "");
  if (cleaned === "") return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** "3.5", "3.5x" or "3.5×" → 3.5; "" → null; anything else → NaN. */
export function parseRoasText(text: string | undefined): number | null {
  const cleaned = (text ?? "").trim().replace(/[x×]$/i, "").trim();
  if (cleaned === "") return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

const AMOUNT_FORMAT_MESSAGE = "Enter an amount such as 5000 or 49.90.";

export const goalEntrySchema = z
  .object({
    scope: z.enum(GOAL_SCOPES, { error: "Choose an ad platform from the list." }),
    targetKind: z.enum(TARGET_KINDS, { error: "Choose ROAS, CPA or no target." }),
    targetRoas: z.string().max(32).optional(),
    targetCpa: z.string().max(32).optional(),
    monthlyBudget: z.string().max(32).optional(),
  })
  .superRefine((entry, context) => {
    if (entry.targetKind === "roas") {
      const roas = parseRoasText(entry.targetRoas);
      if (roas === null)
        context.addIssue({ code: "custom", path: ["targetRoas"], message: "Enter a target ROAS, such as 3.5." });
      else if (Number.isNaN(roas) || roas < MIN_TARGET_ROAS || roas > MAX_TARGET_ROAS)
        context.addIssue({
          code: "custom",
          path: ["targetRoas"],
          message: `Target ROAS is a number from ${MIN_TARGET_ROAS} to ${MAX_TARGET_ROAS}.`,
        });
    }
    if (entry.targetKind === "cpa") {
      const cpa = parseAmountText(entry.targetCpa);
      if (cpa === null)
        context.addIssue({ code: "custom", path: ["targetCpa"], message: "Enter a target cost per acquisition." });
      else if (Number.isNaN(cpa))
        context.addIssue({ code: "custom", path: ["targetCpa"], message: AMOUNT_FORMAT_MESSAGE });
      else if (cpa <= 0 || cpa > MAX_AMOUNT)
        context.addIssue({ code: "custom", path: ["targetCpa"], message: "Target CPA must be more than zero." });
    }
    const budget = parseAmountText(entry.monthlyBudget);
    if (budget !== null) {
      if (Number.isNaN(budget))
        context.addIssue({ code: "custom", path: ["monthlyBudget"], message: AMOUNT_FORMAT_MESSAGE });
      else if (budget <= 0 || budget > MAX_AMOUNT)
        context.addIssue({
          code: "custom",
          path: ["monthlyBudget"],
          message: "A monthly budget must be more than zero.",
        });
    }
  })
  .transform((entry) => ({
    scope: entry.scope,
    targetKind: entry.targetKind === "none" ? null : entry.targetKind,
    targetRoas: entry.targetKind === "roas" ? parseRoasText(entry.targetRoas) : null,
    /** Major units of the form's currency. */
    targetCpa: entry.targetKind === "cpa" ? parseAmountText(entry.targetCpa) : null,
    /** Major units of the form's currency. */
    monthlyBudget: parseAmountText(entry.monthlyBudget),
  }));

export const goalsFormSchema = z
  .object({
    /** The profile's currency when the form was opened; the server checks it still is. */
    currency: z.string().regex(/^[A-Z]{3}$/, "Goals need a currency."),
    goals: z.array(goalEntrySchema).max(GOAL_SCOPES.length),
  })
  .superRefine((form, context) => {
    const seen = new Set<string>();
    form.goals.forEach((goal, index) => {
      if (seen.has(goal.scope))
        context.addIssue({ code: "custom", path: ["goals", index, "scope"], message: "Each platform has one goal." });
      seen.add(goal.scope);
    });
  });

export type GoalEntryInput = z.input<typeof goalEntrySchema>;
export type GoalsFormInput = z.input<typeof goalsFormSchema>;
export type GoalsFormOutput = z.output<typeof goalsFormSchema>;
export type ParsedGoalEntry = GoalsFormOutput["goals"][number];
