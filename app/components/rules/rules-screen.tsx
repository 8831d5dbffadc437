/**
 * /rules: the organization's rules (what each does, its schedule, its last and next run), the
 * templates to start from, and the organization-wide "pause all automation" switch.
 */
import { Plus, Workflow } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useCan } from "#app/lib/use-can.ts";
import type { Rule } from "#core/rules/rule-types.ts";
import { AutomationPausedBanner, AutomationSwitch } from "./automation-switch.tsx";
import { type RuleListContext, RuleRow } from "./rule-row.tsx";
import { RuleTemplates } from "./rule-templates.tsx";

export interface RulesScreenProps extends RuleListContext {
  rules: Rule[];
}

export function RulesScreen(props: RulesScreenProps) {
  const { t } = useTranslation("rules");
  const { rules, automation, canManage } = props;
  const canDraft = useCan()("rules.draft");
  return (
    <TimeZoneProvider timeZone={props.timeZone}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("list.title")}</h1>
            <p className="mt-1 max-w-2xl text-muted-foreground">{t("list.intro")}</p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
            {canManage ? <AutomationSwitch settings={automation} /> : null}
            {/* An analyst drafts rules (they stay in preview); a viewer reads them. */}
            {canDraft ? (
              <Button asChild>
                <Link to="/rules/new">
                  <Plus aria-hidden="true" />
                  {t("list.newRule")}
                </Link>
              </Button>
            ) : null}
          </div>
        </div>

        <AutomationPausedBanner settings={automation} />

        {rules.length === 0 ? (
          <EmptyRules />
        ) : (
          <section aria-labelledby="rules-heading" className="grid gap-3">
            <h2 id="rules-heading" className="sr-only">
              {t("list.rulesHeading")}
            </h2>
            <ul className="grid gap-3">
              {rules.map((rule) => (
                <RuleRow key={rule.id} rule={rule} {...props} />
              ))}
            </ul>
          </section>
        )}

        {canManage ? (
          <section aria-labelledby="templates-heading" className="grid gap-3">
            <div>
              <h2 id="templates-heading" className="font-semibold text-lg tracking-tight">
                {rules.length === 0 ? t("templates.startTitle") : t("templates.title")}
              </h2>
              <p className="text-muted-foreground text-sm">{t("templates.intro")}</p>
            </div>
            <RuleTemplates headingId="templates-heading" />
          </section>
        ) : null}
      </div>
    </TimeZoneProvider>
  );
}

function EmptyRules() {
  const { t } = useTranslation("rules");
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10">
        <Workflow aria-hidden="true" className="size-6 text-primary" />
      </span>
      <h2 className="font-semibold text-lg tracking-tight">{t("empty.title")}</h2>
      <p className="max-w-xl text-muted-foreground text-sm">{t("empty.body")}</p>
      <ul className="grid max-w-xl gap-1 text-left text-muted-foreground text-sm">
        <li>{t("empty.pointPreview")}</li>
        <li>{t("empty.pointLag")}</li>
        <li>{t("empty.pointUndo")}</li>
      </ul>
    </div>
  );
}
