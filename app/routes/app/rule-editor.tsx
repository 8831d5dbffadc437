/**
 * /rules/new (the editor, empty or from ?template=) and /rules/:ruleId (a saved rule: ?tab=editor,
 * preview, backtest with ?days=, runs with ?cursor=). The loader reads only what the open tab shows.
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { BACKTEST_DAYS } from "#app/components/rules/backtest-panel.tsx";
import { NewRuleScreen } from "#app/components/rules/new-rule-screen.tsx";
import { blankDefinition } from "#app/components/rules/rule-draft.ts";
import type { CampaignOption } from "#app/components/rules/rule-editor-types.ts";
import { RuleErrorBoundary } from "#app/components/rules/rule-error-boundary.tsx";
import { rulePageMeta } from "#app/components/rules/rule-meta.ts";
import { RULE_TABS, RulePage, type RuleTab } from "#app/components/rules/rule-page.tsx";
import { type AppContextValue, appContext } from "#app/lib/app-context.ts";
import { translatorFor } from "#app/lib/i18n/i18n.server.ts";
import { actorOf, requireViewerContext } from "#app/lib/session.server.ts";
import type { Actor } from "#core/access/actor.ts";
import { can } from "#core/access/permissions.ts";
import type { RuleDefinition } from "#core/rules/rule-definition.ts";
import { RULE_TEMPLATE_IDS, type RuleTemplateId } from "#core/rules/rule-types.ts";
import type { Route } from "./+types/rule-editor";
import { ruleAction } from "./rule-action.server.ts";
import { orNotFound } from "./rule-not-found.server.ts";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  rulePageMeta(matches, {
    page: loaderData?.kind === "rule" ? "rule" : "new",
    path: location.pathname,
    name: loaderData?.kind === "rule" ? loaderData.rule.name : undefined,
  });

type AppServices = AppContextValue["services"];

/** The campaigns a list scope names (by name, for its chips) and a first page to pick from. */
async function campaignOptions(services: AppServices, actor: Actor, definition: RuleDefinition) {
  const chosen = definition.scope.campaigns.kind === "list" ? definition.scope.campaigns.campaignIds.slice(0, 200) : [];
  const [page, ...named] = await Promise.all([
    services.campaigns.listCampaigns(actor, { statuses: ["enabled", "paused"], limit: 50 }),
    ...chosen.map((campaignId) => services.campaigns.getCampaign(actor, campaignId)),
  ]);
  const byId = new Map<string, CampaignOption>();
  for (const campaign of [...named, ...page.campaigns]) {
    if (campaign && !byId.has(campaign.id))
      byId.set(campaign.id, {
        id: campaign.id,
        name: campaign.name,
        platform: campaign.platform,
        adAccountName: campaign.adAccountName,
      });
  }
  return [...byId.values()];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewerContext(request, context);
  const { services } = context.get(appContext);
  const actor = actorOf(viewer);
  const url = new URL(request.url);
  const now = new Date().toISOString();
  const [options, automation] = await Promise.all([
    services.rules.getRuleEditorOptions(actor, { fallbackCurrency: viewer.profile?.currency }),
    services.rules.getAutomationSettings(actor),
  ]);
  const canManage = can(actor, "rules.manage");

  if (!params.ruleId) {
    const asked = url.searchParams.get("template");
    const template = (RULE_TEMPLATE_IDS as readonly string[]).includes(asked ?? "") ? (asked as RuleTemplateId) : null;
    const t = await translatorFor(request, context);
    const start = template
      ? await services.rules.newRuleFromTemplate(actor, template)
      : { name: t("rules:editor.untitled"), template: null, definition: blankDefinition() };
    return {
      kind: "new" as const,
      name: start.name,
      template,
      definition: start.definition,
      options,
      knownCampaigns: await campaignOptions(services, actor, start.definition),
      canManage,
      now,
    };
  }

  const ruleId = params.ruleId;
  const rule = await orNotFound(request, context, () => services.rules.getRule(actor, ruleId));
  const askedTab = url.searchParams.get("tab");
  const tab: RuleTab = (RULE_TABS as readonly string[]).includes(askedTab ?? "") ? (askedTab as RuleTab) : "editor";
  const askedDays = Number(url.searchParams.get("days"));
  const days = (BACKTEST_DAYS as readonly number[]).includes(askedDays) ? askedDays : 30;
  const cursor = url.searchParams.get("cursor");
  const [knownCampaigns, preview, backtest, runs] = await Promise.all([
    tab === "editor" ? campaignOptions(services, actor, rule.definition) : [],
    tab === "preview" ? services.rules.previewRule(actor, { ruleId: rule.id }) : null,
    tab === "backtest" ? services.rules.backtestRule(actor, { ruleId: rule.id }, days) : null,
    tab === "runs"
      ? services.rules.listRuleRuns(actor, {
          ruleId: rule.id,
          limit: 20,
          cursor: cursor && /^[\w-]{1,200}$/.test(cursor) ? cursor : null,
        })
      : null,
  ]);
  return {
    kind: "rule" as const,
    rule,
    tab,
    options,
    knownCampaigns,
    automation,
    canManage,
    canRun: can(actor, "rules.run"),
    preview,
    backtest: backtest ? { days, result: backtest } : null,
    runs: runs
      ? {
          runs: runs.runs,
          olderHref: runs.nextCursor ? `?tab=runs&cursor=${encodeURIComponent(runs.nextCursor)}` : null,
        }
      : null,
    now,
  };
}

export const action = ruleAction;

/** A deleted rule's page is left for the list: reloading it first would only find it gone. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const result = args.actionResult as { ok?: boolean; intent?: string } | undefined;
  return result?.ok && result.intent === "delete" ? false : args.defaultShouldRevalidate;
}

export default function RuleEditorRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "new") return <NewRuleScreen {...loaderData} />;
  return <RulePage {...loaderData} />;
}

export const ErrorBoundary = RuleErrorBoundary;
