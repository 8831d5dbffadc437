/**
 * preview_rule: an existing rule's preview (the rules page's "Preview"): which campaigns its
 * conditions hold for right now and what it would do to each. Nothing is stored or acted on.
 */
import { z } from "zod";
import { AppError } from "#core/errors/app-error.ts";
import type { Rule } from "#core/rules/rule-types.ts";
import type { AssistantTool } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { CAMPAIGN_PAGE } from "./tool-values.ts";

const input = z
  .object({
    ruleId: z.string().min(1).max(100).optional(),
    ruleName: z.string().min(1).max(200).optional().describe("The rule's name or part of it, any case."),
  })
  .strict()
  .refine((value) => value.ruleId !== undefined || value.ruleName !== undefined, {
    message: "Name the rule: its id or its name.",
  });
type Input = z.infer<typeof input>;

/** By id, else by exact name, else by the one name containing the words. */
function findRule(rules: Rule[], query: Input): Rule {
  if (query.ruleId) {
    const rule = rules.find((candidate) => candidate.id === query.ruleId);
    if (!rule) throw new AppError("not_found", "No rule with that id in this organization.");
    return rule;
  }
  const wanted = (query.ruleName ?? "").trim().toLocaleLowerCase();
  const exact = rules.filter((rule) => rule.name.toLocaleLowerCase() === wanted);
  if (exact.length === 1) return exact[0]!;
  const partial = rules.filter((rule) => rule.name.toLocaleLowerCase().includes(wanted));
  if (partial.length === 1) return partial[0]!;
  if (partial.length === 0) throw new AppError("not_found", "No rule of this organization has that name.");
  throw new AppError("conflict", `${partial.length} rules match that name: give the rule's id.`, {
    rules: partial.map((rule) => ({ id: rule.id, name: rule.name })),
  });
}

export function previewRuleTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "preview_rule",
    description:
      "Runs the preview of one of the organization's automation rules, by id or name: which campaigns are in its scope, which its conditions hold for right now, and what it would do to each (nothing is changed).",
    input: input as z.ZodType<Input>,
    permission: "workspace.read",
    proposes: false,
    async run(actor, raw) {
      const query = input.parse(raw);
      const { rules } = deps.modules();
      const rule = findRule(await rules.listRules(actor), query);
      const preview = await rules.previewRule(actor, { ruleId: rule.id });
      return {
        data: {
          rule: { id: rule.id, name: rule.name, status: rule.status },
          generatedAt: preview.generatedAt,
          today: preview.today,
          timeZone: preview.timeZone,
          counts: preview.counts,
          campaigns: preview.campaigns.map((campaign) => ({
            campaignId: campaign.campaignId,
            campaignName: campaign.campaignName,
            platform: campaign.platform,
            conditionsHold: campaign.fired,
            actions: campaign.actions.map((action) => ({
              kind: action.kind,
              outcome: action.outcome,
              message: action.message,
            })),
            heldBack: campaign.heldBack?.message ?? null,
          })),
        },
        citations: [
          { label: rule.name, href: `/rules/${encodeURIComponent(rule.id)}` },
          ...preview.campaigns
            .filter((campaign) => campaign.fired)
            .slice(0, 5)
            .map((campaign) => ({
              label: campaign.campaignName,
              href: `${CAMPAIGN_PAGE}/${encodeURIComponent(campaign.campaignId)}`,
            })),
        ],
      };
    },
  };
}
