/**
 * The action behind the rules screens (the list, the editor and a rule's page): save a rule, set its
 * status, run it now, delete it, and the organization's "pause all automation". HTTP glue only:
 * authenticate, check the body's shape, call the rules module as the viewer, and answer with a toast
 * in the reader's language or a refusal whose field errors the editor shows next to each field.
 */
import { data } from "react-router";
import { refuseAnonymous, refuseWith } from "#app/components/account/account-action.ts";
import { type RuleActionResult, ruleRequestSchema } from "#app/components/rules/rule-requests.ts";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, getViewerContextFor } from "#app/lib/session.server.ts";

interface ActionArgs {
  request: Request;
  context: { get(key: typeof appContext): AppContextValue };
}

export async function ruleAction({ request, context }: ActionArgs) {
  const t = await translatorFor(request, context);
  // A fetcher is answered 401 instead of being redirected to /login.
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) return refuseAnonymous(t);
  const { services, logger, requestId } = context.get(appContext);
  const parsed = ruleRequestSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return data<RuleActionResult>(
      {
        ok: false,
        intent: "unknown",
        reason: "invalid",
        title: t("rules:toasts.refused"),
        message: t("rules:toasts.badRequest"),
      },
      { status: 400 },
    );
  const input = parsed.data;
  const actor = actorOf(viewer);
  const { rules } = services;
  try {
    switch (input.intent) {
      case "save": {
        const rule = input.ruleId
          ? await rules.updateRule(actor, { ruleId: input.ruleId, name: input.name, definition: input.definition })
          : await rules.createRule(actor, {
              name: input.name,
              definition: input.definition,
              template: input.template ?? null,
            });
        return data<RuleActionResult>({
          ok: true,
          intent: "save",
          ruleId: rule.id,
          isNew: !input.ruleId,
          toast: input.ruleId
            ? { title: t("rules:toasts.saved"), description: rule.name }
            : { title: t("rules:toasts.created"), description: t("rules:toasts.createdDescription") },
        });
      }
      case "status": {
        const rule = await rules.setRuleStatus(actor, { ruleId: input.ruleId, status: input.status });
        const title = {
          active: t("rules:toasts.activated"),
          paused: t("rules:toasts.paused"),
          preview: t("rules:toasts.previewMode"),
        }[rule.status];
        return data<RuleActionResult>({ ok: true, intent: "status", toast: { title, description: rule.name } });
      }
      case "run": {
        const run = await rules.runRuleNow(actor, { ruleId: input.ruleId });
        const { counts } = run;
        const description =
          run.status === "skipped" || run.status === "failed"
            ? (run.message ?? t("rules:toasts.runNothing"))
            : run.mode === "preview"
              ? t("rules:toasts.runPreview", { count: counts.inScope, fired: counts.fired, acted: counts.acted })
              : t("rules:toasts.runLive", {
                  count: counts.inScope,
                  fired: counts.fired,
                  acted: counts.acted,
                  failed: counts.failed,
                });
        return data<RuleActionResult>({
          ok: true,
          intent: "run",
          run,
          toast: { title: t("rules:toasts.ran"), description },
        });
      }
      case "delete":
        await rules.deleteRule(actor, input.ruleId);
        return data<RuleActionResult>({ ok: true, intent: "delete", toast: { title: t("rules:toasts.deleted") } });
      case "automation":
        await rules.setAutomationPaused(actor, input.paused);
        return data<RuleActionResult>({
          ok: true,
          intent: "automation",
          toast: input.paused
            ? { title: t("rules:toasts.automationPaused"), description: t("rules:toasts.automationPausedDescription") }
            : { title: t("rules:toasts.automationResumed") },
        });
    }
  } catch (error) {
    const refusal = refuseWith(
      error,
      (unexpected) => logger.error({ err: unexpected, requestId }, "rule action failed"),
      t,
    );
    return data<RuleActionResult>({ ...refusal.data, intent: input.intent }, refusal.init ?? undefined);
  }
}
