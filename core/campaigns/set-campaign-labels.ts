import { z } from "zod";
import type { Actor } from "#core/access/actor.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { CampaignLabelRepository } from "./campaign-label-repository.ts";
import { campaignLabelSchema } from "./campaign-label-schema.ts";

export const LABEL_INVALID_MESSAGE = "Please correct the highlighted fields.";

const inputSchema = z.object({
  campaignIds: z
    .array(z.string().min(1).max(64))
    .min(1, "Choose at least one campaign.")
    .max(1000, "Choose at most 1,000 campaigns."),
  add: z.array(campaignLabelSchema).max(20),
  remove: z.array(campaignLabelSchema).max(20),
});

export interface SetCampaignLabelsResult {
  /** The campaigns whose labels were set: the organization's among those asked for. */
  changed: number;
}

/**
 * Adds and removes Adhelm's own labels on campaigns: from the campaigns table (a person, a key) or
 * a rule's action (Adhelm). Campaigns of other organizations are ignored, as if they did not exist.
 */
export async function setCampaignLabels(
  deps: { labels: CampaignLabelRepository },
  actor: Actor,
  input: unknown,
): Promise<SetCampaignLabelsResult> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
    throw new AppError("unprocessable_entity", LABEL_INVALID_MESSAGE, { title: "Labels not changed", fieldErrors });
  }
  const { campaignIds, add, remove } = parsed.data;
  if (add.length === 0 && remove.length === 0)
    throw new AppError("unprocessable_entity", "Enter a label to add or remove.", {
      fieldErrors: { add: "Enter a label to add or remove." },
    });
  const changed = await deps.labels.change(actor.organizationId, {
    campaignIds,
    add: [...new Set(add)],
    remove: [...new Set(remove)],
    byLabel: actor.label,
  });
  return { changed: changed.length };
}
