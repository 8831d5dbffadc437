/**
 * The optimizer's inputs as zod schemas (the page's actions and the API send them). Their messages
 * are English; the app translates them through its `messages` catalogs.
 */
import { type ZodError, z } from "zod";

const recommendationId = z
  .string({ error: "Choose a recommendation." })
  .trim()
  .min(1, "Choose a recommendation.")
  .max(64, "Choose a recommendation.");

export const applyRecommendationsSchema = z.object({
  ids: z
    .array(recommendationId, { error: "Choose at least one recommendation." })
    .min(1, "Choose at least one recommendation.")
    .max(100, "Apply at most 100 recommendations at once."),
});

export const dismissRecommendationSchema = z.object({ id: recommendationId });

export const recommendBudgetsSchema = z.object({
  trigger: z.enum(["page", "api", "rebalance", "auto_apply"]).default("page"),
});

/** The first message of a failed parse, for the one-sentence error. */
export function fieldMessage(error: ZodError): string {
  return error.issues[0]?.message ?? "Check the request.";
}
