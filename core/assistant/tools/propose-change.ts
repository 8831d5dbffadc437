/**
 * propose_change: pause, enable or set the daily budget of one campaign, as a proposal (before →
 * after) the user confirms. Running it changes nothing: `confirmProposal` applies it.
 */
import { z } from "zod";
import { authorize } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AssistantTool } from "../assistant-tool.ts";
import type { AssistantToolDeps } from "../assistant-tool-deps.ts";
import { changeOf, proposalOf } from "../proposal-change.ts";
import { CAMPAIGN_PAGE, campaignNotFound } from "./tool-values.ts";

const input = z
  .object({
    campaignId: z.string().min(1).max(100).describe("The campaign's id (from list_campaigns)."),
    action: z.enum(["pause", "enable", "set_budget"]),
    dailyBudget: z
      .number()
      .positive()
      .max(1e9)
      .optional()
      .describe("For set_budget: the new daily budget in the campaign's currency (e.g. 45.5)."),
  })
  .strict()
  .refine((value) => value.action !== "set_budget" || value.dailyBudget !== undefined, {
    message: "set_budget needs dailyBudget.",
    path: ["dailyBudget"],
  });
type Input = z.infer<typeof input>;

export function proposeChangeTool(deps: AssistantToolDeps): AssistantTool<Input> {
  return {
    name: "propose_change",
    description:
      "Proposes pausing, enabling or setting the daily budget of one campaign. It changes nothing: it returns the proposal (before → after), which the user must confirm before it is applied, logged and undoable.",
    input: input as z.ZodType<Input>,
    permission: "campaigns.change",
    proposes: true,
    async run(actor, raw) {
      authorize(actor, "campaigns.change");
      const query = input.parse(raw);
      const { campaigns } = deps.modules();
      const campaign = await campaigns.getCampaign(actor, query.campaignId);
      if (!campaign) throw campaignNotFound();
      const kind = query.action === "set_budget" ? "budget" : query.action;
      const change = changeOf(kind, query.dailyBudget ?? 0, campaign.currency);
      const [preview] = await campaigns.previewCampaignChanges(actor, {
        target: { kind: "ids", ids: [campaign.id] },
        change,
      });
      if (!preview) throw campaignNotFound();
      if (preview.problem) throw new AppError("unprocessable_entity", preview.problem);
      const citations = [{ label: campaign.name, href: `${CAMPAIGN_PAGE}/${encodeURIComponent(campaign.id)}` }];
      const proposal = proposalOf(kind, preview);
      if (preview.isUnchanged)
        return {
          data: {
            unchanged: true,
            message: "The campaign is already as asked; there is nothing to confirm.",
            proposal,
          },
          citations,
        };
      return {
        data: {
          proposal,
          status: "needs_confirmation",
          message: "Nothing has changed yet. The user must confirm this proposal for it to happen.",
        },
        citations,
        proposal,
      };
    },
  };
}
