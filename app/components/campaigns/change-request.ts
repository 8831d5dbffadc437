/**
 * What the campaigns screens send to their action, as zod schemas shared by the browser (the budget
 * form, the requests it builds) and the server (which parses every request with the same schemas).
 */
import { z } from "zod";
import type {
  ApplyChangesResult,
  ChangeItemResult,
  ChangePreview,
  RequestedChange,
} from "#core/campaigns/campaign-change-types.ts";
import { MAX_CHANGE_SELECTION } from "#core/campaigns/change-limits.ts";
import { currencyExponent } from "#core/shared/money.ts";

/** Campaigns per apply request: small enough to show steady progress, large enough to be quick. */
export const APPLY_CHUNK_SIZE = 10;
export const MAX_REASON_LENGTH = 500;
/** A relative budget change between −90% and +1,000%: beyond that it is almost surely a typo. */
export const MIN_BUDGET_PERCENT = -90;
export const MAX_BUDGET_PERCENT = 1_000;

export const requestedChangeSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("pause") }),
  z.object({ action: z.literal("enable") }),
  z.object({
    action: z.literal("set_budget"),
    budget: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("absolute"), amountMinor: z.number().int().positive().max(1e12) }),
      z.object({
        kind: z.literal("percent"),
        percent: z
          .number()
          .min(MIN_BUDGET_PERCENT)
          .max(MAX_BUDGET_PERCENT)
          .refine((value) => value !== 0),
      }),
    ]),
  }),
]) satisfies z.ZodType<RequestedChange>;

const campaignIdSchema = z.string().min(1).max(64);
const reasonSchema = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, `A reason has at most ${MAX_REASON_LENGTH} characters.`)
  .optional();

export const campaignActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("preview"),
    change: requestedChangeSchema,
    /** Chosen rows, or every campaign matching the table's filters (its query string). */
    target: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("ids"), ids: z.array(campaignIdSchema).min(1).max(MAX_CHANGE_SELECTION) }),
      z.object({ kind: z.literal("matching"), search: z.string().max(4_000) }),
    ]),
  }),
  z.object({
    intent: z.literal("apply"),
    change: requestedChangeSchema,
    ids: z.array(campaignIdSchema).min(1).max(APPLY_CHUNK_SIZE),
    batchId: z.uuid(),
    reason: reasonSchema,
  }),
  z.object({ intent: z.literal("undo"), changeId: z.string().min(1).max(64) }),
]);
export type CampaignActionRequest = z.infer<typeof campaignActionSchema>;

/** Every answer of the action; a refusal carries the message to show. */
export type CampaignActionResult =
  | { ok: true; intent: "preview"; previews: ChangePreview[] }
  | { ok: true; intent: "apply"; result: ApplyChangesResult }
  | { ok: true; intent: "undo"; result: ChangeItemResult }
  | { ok: false; intent: CampaignActionRequest["intent"] | "unknown"; message: string };

export type BulkAction = "pause" | "enable" | "set_budget";

/**
 * The budget form: an amount in the campaigns' currency, or a percentage up or down, as typed in
 * the reader's locale ("1.234,50" in German, "1,234.50" in English); the parsed value is plain
 * digits with a "." ("1234.50"). Its messages are keys of the "campaigns" catalog, read with
 * `{ count: decimals, min, max }` (see `budgetErrorValues`).
 */
export function budgetFormSchema(currency: string | null, locale = "en-US") {
  const decimals = currency ? currencyExponent(currency) : 2;
  const amountPattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  const typed = z
    .string()
    .trim()
    .transform((value) => normalizeDecimal(value, locale));
  return z.discriminatedUnion("mode", [
    z.object({
      mode: z.literal("absolute"),
      value: typed
        .pipe(z.string().min(1, "budget.errors.amountRequired"))
        .refine(
          (value) => amountPattern.test(value),
          decimals === 0 ? "budget.errors.wholeAmount" : "budget.errors.decimals",
        )
        .refine((value) => Number(value) > 0, "budget.errors.positive"),
    }),
    z.object({
      mode: z.literal("percent"),
      value: typed
        .pipe(z.string().min(1, "budget.errors.percent"))
        .refine((value) => /^[-+−]?\d+(\.\d+)?$/.test(value), "budget.errors.percent")
        .refine((value) => percentOf(value) !== 0, "budget.errors.zero")
        .refine(
          (value) => percentOf(value) >= MIN_BUDGET_PERCENT && percentOf(value) <= MAX_BUDGET_PERCENT,
          "budget.errors.range",
        ),
    }),
  ]);
}
export type BudgetForm = z.infer<ReturnType<typeof budgetFormSchema>>;

/** The values the budget form's messages read: the currency's decimals and the percentage range. */
export function budgetErrorValues(currency: string | null) {
  return {
    count: currency ? currencyExponent(currency) : 2,
    min: MIN_BUDGET_PERCENT,
    max: MAX_BUDGET_PERCENT,
  };
}

/**
 * A typed figure as plain digits with a "." decimal mark. English drops its "," grouping. Where the
 * decimal mark is a comma (German, Spanish, French), "," is the decimal mark and "." and spaces
 * group thousands, except that a single "." followed by one or two digits ("50.5") is taken as the
 * decimal mark people type out of habit.
 */
export function normalizeDecimal(value: string, locale: string): string {
  const compact = value.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (decimalMarkOf(locale) !== ",") return compact.replaceAll(",", "");
  if (!compact.includes(",") && /^[-+−]?\d+\.\d{1,2}$/.test(compact)) return compact;
  return compact.replaceAll(".", "").replace(",", ".");
}

const decimalMarks = new Map<string, string>();

function decimalMarkOf(locale: string): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
    decimalMarks.set(locale, mark);
  }
  return mark;
}

function percentOf(value: string): number {
  return Number(value.trim().replace("−", "-"));
}

/** The change a valid budget form asks for. */
export function budgetChangeFrom(form: BudgetForm, currency: string | null): RequestedChange {
  if (form.mode === "percent")
    return { action: "set_budget", budget: { kind: "percent", percent: percentOf(form.value) } };
  const decimals = currency ? currencyExponent(currency) : 2;
  const [whole = "0", fraction = ""] = form.value.replaceAll(",", "").split(".");
  // Integer arithmetic on the digits: 19.99 must become 1999, not 1998.9999.
  const amountMinor = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
  return { action: "set_budget", budget: { kind: "absolute", amountMinor } };
}
