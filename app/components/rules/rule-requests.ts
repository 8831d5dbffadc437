/**
 * What the rules screens post to their actions (JSON), and what comes back. The body is checked
 * here for its shape only; the rule itself (name, definition) is core's to validate.
 */
import { z } from "zod";
import type { ActionRefusal } from "#app/components/account/account-action.ts";
import { RULE_TEMPLATE_IDS, type RuleRunSummary } from "#core/rules/rule-types.ts";

const ruleId = z.string().min(1).max(64);

export const ruleRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    ruleId: ruleId.nullable(),
    name: z.unknown(),
    definition: z.unknown(),
    /** The template a new rule started from. */
    template: z.enum(RULE_TEMPLATE_IDS).nullable().optional(),
  }),
  z.object({
    intent: z.literal("status"),
    ruleId,
    status: z.enum(["preview", "active", "paused"]),
  }),
  z.object({ intent: z.literal("run"), ruleId }),
  z.object({ intent: z.literal("delete"), ruleId }),
  z.object({ intent: z.literal("automation"), paused: z.boolean() }),
]);
export type RuleRequest = z.infer<typeof ruleRequestSchema>;
export type RuleIntent = RuleRequest["intent"];

export interface RuleToast {
  title: string;
  description?: string;
}

export type RuleActionResult =
  | { ok: true; intent: "save"; ruleId: string; isNew: boolean; toast: RuleToast }
  | { ok: true; intent: "run"; run: RuleRunSummary; toast: RuleToast }
  | { ok: true; intent: "status" | "delete" | "automation"; toast: RuleToast }
  | (ActionRefusal & { intent: RuleIntent | "unknown" });
