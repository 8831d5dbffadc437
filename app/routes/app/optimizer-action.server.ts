/**
 * The action behind /optimizer: ask for recommendations, apply some, dismiss one, undo applied
 * ones (through the campaigns slice's undo, as the change log does). HTTP glue only: authenticate,
 * parse, call the use case as the viewer, and answer in the reader's language.
 */
import { data } from "react-router";
import { z } from "zod";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { translateChangeMessage } from "#app/components/campaigns/change-messages.ts";
import type { AppliedItem, OptimizerActionResult } from "#app/components/optimizer/optimizer-page-types.ts";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { readJsonBody } from "#app/lib/form-data.server.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";

interface ActionArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContextValue };
}

const id = z.string().trim().min(1).max(64);

// The use cases check their own input; this only tells the intents apart.
const requestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("recommend") }),
  z.object({ intent: z.literal("apply"), ids: z.array(id).min(1).max(100) }),
  z.object({ intent: z.literal("dismiss"), id }),
  z.object({ intent: z.literal("undo"), changeIds: z.array(id).min(1).max(100) }),
]);

export async function optimizerAction({ request, context }: ActionArgs) {
  // A fetcher is answered 401 rather than redirected to /login.
  const viewer = await getViewerContextFor(request, context);
  const t = await translatorFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const actor = actorOf(viewer);
  const say = (message: string) => translateChangeMessage(t, message);
  const parsed = requestSchema.safeParse(await readJsonBody(request));
  if (!parsed.success)
    return refuseWith(new AppError("bad_request", "Something is missing. Please try again."), () => {}, t);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "recommend": {
        const result = await services.optimizer.recommendBudgets(actor, { trigger: "page" });
        return {
          ok: true,
          intent: "recommend",
          recommendations: result.recommendations.length,
          readiness: result.readiness,
        } satisfies OptimizerActionResult;
      }
      case "apply": {
        const result = await services.optimizer.applyRecommendations(actor, { ids: input.ids });
        const items: AppliedItem[] = result.results.map(({ recommendation, outcome, message, changeLogId }) => ({
          recommendationId: recommendation.id,
          campaignName: recommendation.campaignName,
          currency: recommendation.currency,
          beforeMinor: recommendation.currentBudgetMinor,
          afterMinor: recommendation.recommendedBudgetMinor,
          outcome,
          message: say(message),
          changeLogId,
        }));
        return {
          ok: true,
          intent: "apply",
          items,
          applied: result.applied,
          failed: result.failed,
        } satisfies OptimizerActionResult;
      }
      case "dismiss": {
        // Dismissed first, so a role that may not dismiss hears that, whether the recommendation exists or not.
        await services.optimizer.dismissRecommendation(actor, { id: input.id });
        const recommendation = await services.optimizer.getRecommendation(actor, input.id);
        return {
          ok: true,
          intent: "dismiss",
          campaignName: recommendation.campaignName,
        } satisfies OptimizerActionResult;
      }
      case "undo": {
        // One change per campaign: each is undone on its own, and one refusal does not stop the others.
        let undone = 0;
        let failed = 0;
        let message: string | null = null;
        for (const changeId of input.changeIds) {
          try {
            const result = await services.campaigns.undoCampaignChange(actor, { changeId });
            if (result.outcome === "succeeded") undone += 1;
            else {
              failed += 1;
              message ??= say(result.message);
            }
          } catch (error) {
            // A role that may not undo is refused as a whole (403), not counted as a failed change.
            if (!(error instanceof AppError) || error.status === 403) throw error;
            failed += 1;
            message ??= say(error.message);
          }
        }
        return { ok: true, intent: "undo", undone, failed, message } satisfies OptimizerActionResult;
      }
    }
  } catch (error) {
    const refusal = refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "optimizer action failed"),
      t,
    );
    return data({ ...refusal.data, intent: input.intent }, { status: refusal.init?.status ?? 500 });
  }
}
