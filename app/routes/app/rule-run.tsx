import { RuleErrorBoundary } from "#app/components/rules/rule-error-boundary.tsx";
import { rulePageMeta } from "#app/components/rules/rule-meta.ts";
import { RunTraceScreen } from "#app/components/rules/run-trace-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { Route } from "./+types/rule-run";
import { orNotFound } from "./rule-not-found.server.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  rulePageMeta(matches, { page: "run", path: location.pathname });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { rules } = context.get(appContext).services;
  const actor = actorOf(viewer);
  const [rule, run, options] = await orNotFound(request, context, async () => {
    const found = await Promise.all([
      rules.getRule(actor, params.ruleId),
      rules.getRuleRun(actor, params.runId),
      rules.getRuleEditorOptions(actor, { fallbackCurrency: viewer.profile?.currency }),
    ]);
    // A run of another rule under this rule's address is not this rule's run.
    if (found[1].ruleId !== found[0].id) throw new AppError("not_found", "There is no such run in your organization.");
    return found;
  });
  return {
    rule: { id: rule.id, name: rule.name },
    run,
    timeZone: options.timeZone,
    now: new Date().toISOString(),
  };
}

export default function RuleRunRoute({ loaderData }: Route.ComponentProps) {
  return <RunTraceScreen {...loaderData} />;
}

export const ErrorBoundary = RuleErrorBoundary;
