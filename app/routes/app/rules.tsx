import { rulePageMeta } from "#app/components/rules/rule-meta.ts";
import { RulesScreen } from "#app/components/rules/rules-screen.tsx";
import { appContext } from "#app/lib/app-context.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import { can } from "#core/access/permissions.ts";
import type { Route } from "./+types/rules";
import { ruleAction } from "./rule-action.server.ts";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  rulePageMeta(matches, { page: "list", path: location.pathname });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { rules } = context.get(appContext).services;
  const actor = actorOf(viewer);
  const [list, automation, options] = await Promise.all([
    rules.listRules(actor),
    rules.getAutomationSettings(actor),
    rules.getRuleEditorOptions(actor, { fallbackCurrency: viewer.profile?.currency }),
  ]);
  return {
    rules: list,
    automation,
    canManage: can(actor, "rules.manage"),
    canRun: can(actor, "rules.run"),
    currency: options.currency,
    timeZone: options.timeZone,
    now: new Date().toISOString(),
  };
}

/** Every rules screen posts here: save, status, run now, delete, "pause all automation". */
export const action = ruleAction;

export default function RulesRoute({ loaderData }: Route.ComponentProps) {
  return <RulesScreen {...loaderData} />;
}
