/**
 * Rules on the wire: the rule language (core/rules/rule-definition.ts) with snake_case keys and the
 * API's platform names (google_ads, meta, …), both ways. Values such as "last_days" or ">=" are the
 * same; amounts stay minor units of the campaign's currency.
 */
import type { Rule, RuleRun, RuleRunSummary } from "#core/rules/rule-types.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { fromWirePlatform, toWirePlatform, WIRE_PLATFORMS, type WirePlatform } from "./wire-values.ts";

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), mapKeys(item, rename)]));
}

/** A rule definition as the API writes it. */
export function toWireDefinition(definition: Rule["definition"]): Record<string, unknown> {
  const wire = mapKeys(definition, snake) as { scope: { platforms: string[] } } & Record<string, unknown>;
  wire.scope.platforms = wire.scope.platforms.map((platform) => toWirePlatform(platform as AdPlatformId));
  return wire;
}

/** A definition the API received, in the rule language's shape (still untrusted: the use case validates it). */
export function fromWireDefinition(value: unknown): unknown {
  const definition = mapKeys(value, camel) as { scope?: { platforms?: unknown } } | null;
  const platforms = definition?.scope?.platforms;
  if (Array.isArray(platforms))
    definition!.scope!.platforms = platforms.map((platform) =>
      WIRE_PLATFORMS.includes(platform as WirePlatform) ? fromWirePlatform(platform as WirePlatform) : platform,
    );
  return definition;
}

export function toWireRunSummary(run: RuleRunSummary) {
  return {
    id: run.id,
    rule_id: run.ruleId,
    trigger: run.trigger,
    mode: run.mode,
    status: run.status,
    actor: run.actorLabel,
    counts: {
      in_scope: run.counts.inScope,
      fired: run.counts.fired,
      acted: run.counts.acted,
      failed: run.counts.failed,
      skipped: run.counts.skipped,
    },
    message: run.message,
    traces_pruned: run.tracesPruned,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
  };
}

export function toWireRun(run: RuleRun) {
  return {
    ...toWireRunSummary(run),
    campaigns: run.campaigns.map((campaign) => ({
      campaign_id: campaign.campaignId,
      name: campaign.campaignName,
      platform: toWirePlatform(campaign.platform),
      fired: campaign.fired,
      outcome: campaign.outcome,
      trace: campaign.trace,
      held_back: campaign.heldBack
        ? { reason: campaign.heldBack.reason, until: campaign.heldBack.until, message: campaign.heldBack.message }
        : null,
      actions: campaign.actions.map((action) => ({
        kind: action.kind,
        outcome: action.outcome,
        message: action.message,
        reason: action.reason ?? null,
        change_id: action.changeId,
      })),
    })),
  };
}

export function toWireRule(rule: Rule) {
  return {
    id: rule.id,
    name: rule.name,
    status: rule.status,
    template: rule.template,
    definition: toWireDefinition(rule.definition),
    next_run_at: rule.nextRunAt,
    last_run: rule.lastRun ? toWireRunSummary(rule.lastRun) : null,
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
  };
}

/** A field error's path as the API names it ("definition.actions.0.floorMinor" → "definition.actions.0.floor_minor"). */
export function toWireFieldPath(path: string): string {
  return path.split(".").map(snake).join(".");
}
