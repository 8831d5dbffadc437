/**
 * Applies a proposal the user confirmed (the Ask page's button, or an MCP call with a read_write
 * key and `confirm: true`): the proposal is untrusted input, so it is checked again, compared with
 * the campaign as it is now, and applied through the campaign change use case (logged, undoable).
 */
import type { Actor } from "#core/access/actor.ts";
import { authorize } from "#core/access/permissions.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AssistantModules } from "./assistant-tool-deps.ts";
import { changeOf, proposalOf, proposalSchema } from "./proposal-change.ts";
import { campaignNotFound } from "./tools/tool-values.ts";

export interface ConfirmedProposal {
  /** The change log entry: undo it with campaigns.undoCampaignChange. */
  changeId: string;
  campaignId: string;
}

/** What the change log says the change came from. */
export const CONFIRMED_REASON = "Proposed by Ask Adhelm and confirmed";

export async function confirmProposal(
  deps: { modules: () => Pick<AssistantModules, "campaigns"> },
  actor: Actor,
  input: unknown,
): Promise<ConfirmedProposal> {
  authorize(actor, "campaigns.change");
  const parsed = proposalSchema.safeParse(input);
  if (!parsed.success) throw new AppError("unprocessable_entity", "This proposal cannot be read; ask for it again.");
  const proposal = parsed.data;
  const { campaigns } = deps.modules();
  const campaign = await campaigns.getCampaign(actor, proposal.campaignId);
  if (!campaign) throw campaignNotFound();
  const change = changeOf(proposal.kind, proposal.after, campaign.currency);
  const [preview] = await campaigns.previewCampaignChanges(actor, {
    target: { kind: "ids", ids: [campaign.id] },
    change,
  });
  if (!preview) throw campaignNotFound();
  if (preview.problem) throw new AppError("unprocessable_entity", preview.problem);
  const now = proposalOf(proposal.kind, preview);
  if (preview.isUnchanged) throw new AppError("conflict", "The campaign is already as proposed; nothing was changed.");
  if (String(now.before) !== String(proposal.before))
    throw new AppError(
      "conflict",
      `The campaign changed since this was proposed (it is now ${now.before}); nothing was changed. Ask for a new proposal.`,
    );
  const applied = await campaigns.applyCampaignChanges(actor, {
    campaignIds: [campaign.id],
    change,
    reason: CONFIRMED_REASON,
  });
  const result = applied.results[0];
  if (!result || result.outcome === "skipped")
    throw new AppError("conflict", result?.message ?? "Nothing was changed.");
  if (result.outcome === "failed" || !result.changeId)
    throw new AppError("unprocessable_entity", `The platform refused the change: ${result.message}`);
  return { changeId: result.changeId, campaignId: campaign.id };
}
