import type { Actor } from "#core/access/actor.ts";
import { authorize } from "#core/access/permissions.ts";
import type { AssertWithinLimit } from "#core/billing/billing-limits.ts";
import { AppError } from "#core/errors/app-error.ts";
import { parseRuleInput } from "./parse-rule-input.ts";
import { RULE_STATUSES, type RuleStatus } from "./rule-definition.ts";
import { nextSlotAfter } from "./rule-schedule.ts";
import { RULE_TEMPLATE_IDS, type Rule, type RuleTemplateId } from "./rule-types.ts";
import type { RulesRepository } from "./rules-repository.ts";

/** Far more than a team keeps; a runaway script stops here. */
export const MAX_RULES_PER_ORGANIZATION = 200;

export interface SaveRuleDependencies {
  rules: RulesRepository;
  timeZoneOf: (organizationId: string) => Promise<string>;
  now?: () => Date;
  /** The plan's rule limit, checked before creating one. */
  assertWithinLimit?: AssertWithinLimit;
}

export const RULE_NOT_FOUND_MESSAGE = "There is no such rule in your organization.";

/** A new rule, always in preview: it records what it would do and acts only once activated. */
export async function createRule(
  deps: SaveRuleDependencies,
  actor: Actor,
  input: { name: unknown; definition: unknown; template?: unknown },
): Promise<Rule> {
  const { name, definition } = parseRuleInput(input);
  const template = RULE_TEMPLATE_IDS.includes(input.template as RuleTemplateId)
    ? (input.template as RuleTemplateId)
    : null;
  if ((await deps.rules.count(actor.organizationId)) >= MAX_RULES_PER_ORGANIZATION)
    throw new AppError(
      "conflict",
      `An organization has at most ${MAX_RULES_PER_ORGANIZATION} rules. Delete one you no longer need.`,
    );
  await deps.assertWithinLimit?.(actor.organizationId, "rules");
  const now = deps.now?.() ?? new Date();
  const id = await deps.rules.insert({
    organizationId: actor.organizationId,
    name,
    status: "preview",
    template,
    definition,
    createdBy: actor.kind === "user" ? actor.id : null,
    byLabel: actor.label,
    nextRunAt: nextSlotAfter(definition.schedule, now, await deps.timeZoneOf(actor.organizationId)),
  });
  return (await deps.rules.find(actor.organizationId, id)) as Rule;
}

export async function updateRule(
  deps: SaveRuleDependencies,
  actor: Actor,
  input: { ruleId: string; name: unknown; definition: unknown },
): Promise<Rule> {
  const existing = await requireRule(deps, actor, input.ruleId);
  // A rule that acts (or will act again once resumed) is changed only by someone who may run automation.
  if (existing.status !== "preview") authorize(actor, "rules.manage");
  const { name, definition } = parseRuleInput(input);
  const now = deps.now?.() ?? new Date();
  await deps.rules.update(actor.organizationId, existing.id, {
    name,
    definition,
    byLabel: actor.label,
    nextRunAt:
      existing.status === "paused"
        ? null
        : nextSlotAfter(definition.schedule, now, await deps.timeZoneOf(actor.organizationId)),
  });
  return requireRule(deps, actor, existing.id);
}

/** Activate (acts from its next slot), back to preview, or pause (does not run). */
export async function setRuleStatus(
  deps: SaveRuleDependencies,
  actor: Actor,
  input: { ruleId: string; status: unknown },
): Promise<Rule> {
  const status = input.status as RuleStatus;
  if (!RULE_STATUSES.includes(status))
    throw new AppError("unprocessable_entity", "A rule's status is preview, active or paused.", {
      fieldErrors: { status: "A rule's status is preview, active or paused." },
    });
  const existing = await requireRule(deps, actor, input.ruleId);
  const now = deps.now?.() ?? new Date();
  await deps.rules.update(actor.organizationId, existing.id, {
    status,
    byLabel: actor.label,
    nextRunAt:
      status === "paused"
        ? null
        : nextSlotAfter(existing.definition.schedule, now, await deps.timeZoneOf(actor.organizationId)),
  });
  return requireRule(deps, actor, existing.id);
}

export async function deleteRule(deps: SaveRuleDependencies, actor: Actor, ruleId: string): Promise<void> {
  if (!(await deps.rules.delete(actor.organizationId, ruleId))) throw new AppError("not_found", RULE_NOT_FOUND_MESSAGE);
}

export async function requireRule(
  deps: Pick<SaveRuleDependencies, "rules">,
  actor: Actor,
  ruleId: string,
): Promise<Rule> {
  const rule = typeof ruleId === "string" ? await deps.rules.find(actor.organizationId, ruleId) : null;
  if (!rule) throw new AppError("not_found", RULE_NOT_FOUND_MESSAGE);
  return rule;
}
