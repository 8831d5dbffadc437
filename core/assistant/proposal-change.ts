/**
 * A proposal and the campaign change it stands for: the proposal's before → after as the chat card
 * and MCP clients show it, from the change preview's settings; and back, the change to apply.
 */
import { z } from "zod";
import type { CampaignSettings, ChangePreview, RequestedChange } from "#core/campaigns/campaign-change-types.ts";
import { AppError } from "#core/errors/app-error.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { AssistantProposal } from "./assistant-tool.ts";
import { moneyOf } from "./tools/tool-values.ts";

/** A proposal as it comes back from a client to be confirmed: untrusted, so checked field by field. */
export const proposalSchema = z
  .object({
    kind: z.enum(["pause", "enable", "budget"]),
    campaignId: z.string().min(1).max(100),
    campaignName: z.string().max(500),
    before: z.union([z.string().max(40), z.number()]),
    after: z.union([z.string().max(40), z.number()]),
    currency: z.string().length(3).optional(),
  })
  .strip();

/** The proposal's status words: a campaign that runs is "active". */
export function statusWord(status: CampaignSettings["status"]): string {
  return status === "enabled" ? "active" : (status ?? "unknown");
}

/** The change a proposal stands for; a budget's amount is in the campaign's currency. */
export function changeOf(kind: AssistantProposal["kind"], after: string | number, currency: string): RequestedChange {
  if (kind === "pause") return { action: "pause" };
  if (kind === "enable") return { action: "enable" };
  const amount = typeof after === "number" ? after : Number(after);
  if (!Number.isFinite(amount) || amount <= 0)
    throw new AppError("unprocessable_entity", "A daily budget is an amount greater than zero.");
  return { action: "set_budget", budget: { kind: "absolute", amountMinor: decimalToMinor(amount, currency) } };
}

/** The proposal of a previewed change (before → after from our stored campaign). */
export function proposalOf(kind: AssistantProposal["kind"], preview: ChangePreview): AssistantProposal {
  const side = (settings: CampaignSettings) =>
    kind === "budget" ? (moneyOf(settings.dailyBudgetMinor, preview.currency) ?? 0) : statusWord(settings.status);
  return {
    kind,
    campaignId: preview.campaignId,
    campaignName: preview.campaignName,
    before: side(preview.before),
    after: side(preview.after),
    currency: preview.currency,
  };
}
