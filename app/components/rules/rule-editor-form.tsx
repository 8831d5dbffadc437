/**
 * The rule editor (/rules/new and a saved rule's Editor tab): name, scope, conditions, minimum data,
 * conversion lag, schedule, actions and guardrails, with a live summary of the rule in words. It
 * checks the draft with core's schemas before sending; the server checks again and its field errors
 * land next to the same fields. Nothing is saved while anything is wrong.
 */
import { Eye, Save } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { RuleDraftNote } from "#app/components/access/permission-gate.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import { useCan } from "#app/lib/use-can.ts";
import { type RuleDefinition, ruleDefinitionSchema } from "#core/rules/rule-definition.ts";
import type { RuleTemplateId } from "#core/rules/rule-types.ts";
import { ActionsSection } from "./actions-section.tsx";
import { ConditionsSection } from "./conditions-section.tsx";
import { ConditionsSummary } from "./conditions-summary.tsx";
import { LagSection, MinimumDataSection } from "./data-sections.tsx";
import { EditorProvider, Field } from "./editor-context.tsx";
import { GuardrailsSection } from "./guardrails-section.tsx";
import { draftFromDefinition, type RuleDraft } from "./rule-draft.ts";
import type { CampaignOption, RuleEditorOptions } from "./rule-editor-types.ts";
import { checkDraft, type FieldErrors, serverFieldErrors } from "./rule-validation.ts";
import { ScheduleSection } from "./schedule-section.tsx";
import { ScopeSection } from "./scope-section.tsx";
import { useRuleFetcher } from "./use-rule-fetcher.ts";
import { useRuleText } from "./use-rule-text.ts";

export interface RuleEditorFormProps {
  /** Null for a new rule. */
  ruleId: string | null;
  /** The template a new rule starts from. */
  template?: RuleTemplateId | null;
  name: string;
  definition: RuleDefinition;
  options: RuleEditorOptions;
  /** The campaigns a list scope names, and a first page to pick from. */
  knownCampaigns: CampaignOption[];
  canManage: boolean;
  timeZoneName: string;
}

export function RuleEditorForm(props: RuleEditorFormProps) {
  const { t } = useTranslation("rules");
  const locale = useLocale();
  const navigate = useNavigate();
  const { options, ruleId } = props;
  const [draft, setDraft] = useState<RuleDraft>(() =>
    draftFromDefinition(props.name, props.definition, options.currency, locale),
  );
  const [isDirty, setIsDirty] = useState(false);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const checked = useMemo(() => checkDraft(draft, options.currency, locale), [draft, options.currency, locale]);
  const errors = isSubmitted ? { ...checked.errors, ...serverErrors } : serverErrors;
  const fetcher = useRuleFetcher({
    key: `rule-editor-${ruleId ?? "new"}`,
    onDone: (result) => {
      if (result.intent !== "save") return;
      setIsDirty(false);
      setServerErrors({});
      if (result.isNew) navigate(`/rules/${result.ruleId}`);
    },
    onRefused: (result) => {
      setServerErrors(serverFieldErrors(result.fieldErrors));
      setIsSubmitted(true);
      focusFirstError();
    },
  });
  // An analyst drafts: their rule is saved in Preview until someone who manages rules activates it.
  const canDraft = useCan()("rules.draft");
  const isReadOnly = !props.canManage && !canDraft;

  const change = (recipe: (next: RuleDraft) => void) => {
    setDraft((previous) => {
      const next = structuredClone(previous);
      recipe(next);
      return next;
    });
    setIsDirty(true);
    // The server's verdict was on the previous draft.
    setServerErrors({});
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.keys(checked.errors).length > 0) {
      toast.error(t("editor.fixTitle"), {
        description: t("editor.fixBody", { count: Object.keys(checked.errors).length }),
      });
      focusFirstError();
      return;
    }
    fetcher.submit({
      intent: "save",
      ruleId,
      name: checked.name,
      definition: checked.definition,
      template: props.template ?? null,
    });
  };

  return (
    <EditorProvider value={{ draft, change, errors, options, locale, isReadOnly }}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={ruleId ? t("editor.formLabel") : t("editor.newFormLabel")}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]"
      >
        <div className="grid min-w-0 gap-5">
          {canDraft && !props.canManage ? <RuleDraftNote /> : null}
          <section aria-labelledby="rule-name-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
            <h2 id="rule-name-title" className="sr-only">
              {t("editor.name")}
            </h2>
            <Field path="name" label={t("editor.name")} hint={t("editor.nameHint")}>
              {(aria) => (
                <Input
                  {...aria}
                  disabled={isReadOnly}
                  value={draft.name}
                  maxLength={120}
                  onChange={(event) =>
                    change((next) => {
                      next.name = event.target.value;
                    })
                  }
                />
              )}
            </Field>
          </section>
          <ScopeSection knownCampaigns={props.knownCampaigns} />
          <ConditionsSection />
          <MinimumDataSection />
          <LagSection />
          <ScheduleSection timeZoneName={props.timeZoneName} />
          <ActionsSection />
          <GuardrailsSection />
        </div>
        <RuleSummaryPanel
          definition={checked.definition}
          currency={options.currency}
          isNew={ruleId === null}
          isDirty={isDirty}
          isSaving={fetcher.isPending}
          isReadOnly={isReadOnly}
          errorCount={Object.keys(errors).length}
        />
      </form>
    </EditorProvider>
  );
}

function focusFirstError() {
  // After React has drawn the messages.
  requestAnimationFrame(() => {
    const first = document.querySelector("[data-field-error]");
    const field = first?.parentElement?.querySelector<HTMLElement>("input, select, button, textarea");
    (field ?? (first as HTMLElement | null))?.focus?.();
    first?.scrollIntoView({ block: "center", behavior: "smooth" });
  });
}

function RuleSummaryPanel({
  definition,
  currency,
  isNew,
  isDirty,
  isSaving,
  isReadOnly,
  errorCount,
}: {
  definition: unknown;
  currency: string;
  isNew: boolean;
  isDirty: boolean;
  isSaving: boolean;
  isReadOnly: boolean;
  errorCount: number;
}) {
  const { t } = useTranslation("rules");
  const text = useRuleText(currency);
  const parsed = ruleDefinitionSchema.safeParse(definition);
  return (
    <aside
      aria-labelledby="rule-summary-title"
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs lg:sticky lg:top-20"
    >
      <h2 id="rule-summary-title" className="font-semibold">
        {t("editor.summary.title")}
      </h2>
      {parsed.success ? (
        <dl className="grid gap-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs">{t("editor.summary.does")}</dt>
            <dd>
              <ul className="grid gap-0.5">
                {parsed.data.actions.map((action, index) => (
                  <li key={index} className="break-words">
                    {text.action(action)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs">{t("editor.summary.when")}</dt>
            <dd>
              <ConditionsSummary definition={parsed.data} currency={currency} />
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground text-xs">{t("editor.summary.runs")}</dt>
            <dd>{text.schedule(parsed.data.schedule)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted-foreground text-sm">{t("editor.summary.incomplete")}</p>
      )}
      {errorCount > 0 ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-destructive text-sm">
          {t("editor.fixBody", { count: errorCount })}
        </p>
      ) : null}
      {isNew ? (
        <p className="flex items-start gap-2 rounded-md bg-primary/5 px-3 py-2 text-sm">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t("editor.summary.previewFirst")}
        </p>
      ) : null}
      {!isReadOnly ? (
        <div className="grid gap-2">
          <Button type="submit" disabled={isSaving || (!isNew && !isDirty)} aria-busy={isSaving}>
            <Save aria-hidden="true" />
            {isSaving ? t("editor.saving") : isNew ? t("editor.create") : t("editor.save")}
          </Button>
          {!isNew && isDirty ? (
            <p className="text-center text-muted-foreground text-xs">{t("editor.unsaved")}</p>
          ) : null}
          {isNew ? (
            <Button asChild variant="ghost">
              <Link to="/rules">{t("editor.cancel")}</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">{t("editor.readOnly")}</p>
      )}
    </aside>
  );
}
