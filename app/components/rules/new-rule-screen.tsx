/** /rules/new: the editor, empty or filled in from a template; the rule is saved in Preview mode. */
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TimeZoneProvider } from "#app/components/integrations/use-time-format.tsx";
import type { RuleDefinition } from "#core/rules/rule-definition.ts";
import type { RuleTemplateId } from "#core/rules/rule-types.ts";
import { RuleEditorForm } from "./rule-editor-form.tsx";
import type { CampaignOption, RuleEditorOptions } from "./rule-editor-types.ts";
import { TEMPLATE_KEYS } from "./rule-words.ts";
import { useRuleTimes } from "./use-rule-times.ts";

export interface NewRuleScreenProps {
  name: string;
  template: RuleTemplateId | null;
  definition: RuleDefinition;
  options: RuleEditorOptions;
  knownCampaigns: CampaignOption[];
  canManage: boolean;
  now: string;
}

export function NewRuleScreen(props: NewRuleScreenProps) {
  const { t } = useTranslation("rules");
  const times = useRuleTimes(props.options.timeZone, props.now);
  return (
    <TimeZoneProvider timeZone={props.options.timeZone}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
        <Link
          to="/rules"
          className="inline-flex w-fit items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("page.back")}
        </Link>
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("editor.newTitle")}</h1>
          <p className="mt-1 max-w-3xl text-muted-foreground">
            {props.template
              ? t("editor.fromTemplate", { template: t(TEMPLATE_KEYS[props.template].name) })
              : t("editor.newIntro")}
          </p>
        </div>
        <RuleEditorForm
          ruleId={null}
          template={props.template}
          name={props.name}
          definition={props.definition}
          options={props.options}
          knownCampaigns={props.knownCampaigns}
          canManage={props.canManage}
          timeZoneName={times.timeZoneName}
        />
      </div>
    </TimeZoneProvider>
  );
}
