/** One condition of the editor: metric, comparison, a value or "k × metric", and its window. */
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import {
  OPERATORS,
  type Operator,
  REFERENCE_METRICS,
  type ReferenceMetric,
  RULE_METRICS,
  type RuleMetric,
  type RuleWindow,
} from "#core/rules/rule-definition.ts";
import { Field, useEditor } from "./editor-context.tsx";
import { MoneyInput, Segmented, UnitInput } from "./editor-controls.tsx";
import { type ConditionDraft, defaultReference, unitOf } from "./rule-draft.ts";
import { METRIC_KEYS, OPERATOR_KEYS, OPERATOR_SYMBOLS, WINDOW_KEYS } from "./rule-words.ts";

const WINDOW_KINDS = ["today", "yesterday", "last_days", "this_month"] as const satisfies ReadonlyArray<
  RuleWindow["kind"]
>;

export function ConditionRow({
  condition,
  path,
  number,
  canRemove,
  onChange,
  onRemove,
}: {
  condition: ConditionDraft;
  path: string;
  number: number;
  canRemove: boolean;
  onChange: (recipe: (condition: ConditionDraft) => void) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("rules");
  const { options, isReadOnly } = useEditor();
  const unit = unitOf(condition.metric);
  const missingGoal =
    condition.comparandKind === "metric" &&
    ((condition.reference === "target_cpa" && options.goals.targetCpaMinor === null) ||
      (condition.reference === "target_roas" && options.goals.targetRoas === null));
  return (
    <li
      aria-label={t("editor.conditions.condition", { number })}
      className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-3 rounded-md border bg-card p-3 md:grid-cols-[minmax(8rem,1fr)_5rem_minmax(15rem,2fr)_minmax(9rem,1fr)_auto] md:items-start"
    >
      <Field path={`${path}.metric`} label={t("editor.conditions.metric")}>
        {(aria) => (
          <NativeSelect
            {...aria}
            disabled={isReadOnly}
            value={condition.metric}
            onChange={(event) =>
              onChange((next) => {
                const metric = event.target.value as RuleMetric;
                // A unit change makes the typed number meaningless; the partner metric follows along.
                if (unitOf(metric) !== unitOf(next.metric)) next.value = "";
                if (next.reference === defaultReference(next.metric)) next.reference = defaultReference(metric);
                next.metric = metric;
              })
            }
          >
            {RULE_METRICS.map((metric) => (
              <option key={metric} value={metric}>
                {t(METRIC_KEYS[metric])}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field path={`${path}.operator`} label={t("editor.conditions.operator")}>
        {(aria) => (
          <NativeSelect
            {...aria}
            disabled={isReadOnly}
            value={condition.operator}
            onChange={(event) =>
              onChange((next) => {
                next.operator = event.target.value as Operator;
              })
            }
          >
            {OPERATORS.map((operator) => (
              <option key={operator} value={operator} aria-label={t(OPERATOR_KEYS[operator])}>
                {OPERATOR_SYMBOLS[operator]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="col-span-2 grid min-w-0 gap-1.5 md:col-span-1">
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="font-medium text-sm leading-none">{t("editor.conditions.compareWith")}</span>
          <ComparandSwitch condition={condition} onChange={onChange} />
        </div>
        {condition.comparandKind === "value" ? (
          <Field path={`${path}.comparand.value`} label={t("editor.conditions.value")} isLabelHidden>
            {(aria) =>
              unit === "money" ? (
                <MoneyInput
                  {...aria}
                  currency={options.currency}
                  disabled={isReadOnly}
                  value={condition.value}
                  onChange={(event) =>
                    onChange((next) => {
                      next.value = event.target.value;
                    })
                  }
                />
              ) : (
                <UnitInput
                  {...aria}
                  unit={unit === "percent" ? "%" : unit === "ratio" ? "×" : ""}
                  disabled={isReadOnly}
                  value={condition.value}
                  onChange={(event) =>
                    onChange((next) => {
                      next.value = event.target.value;
                    })
                  }
                />
              )
            }
          </Field>
        ) : (
          <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2">
            <Field path={`${path}.comparand.factor`} label={t("editor.conditions.factor")} isLabelHidden>
              {(aria) => (
                <UnitInput
                  {...aria}
                  unit="×"
                  disabled={isReadOnly}
                  value={condition.factor}
                  onChange={(event) =>
                    onChange((next) => {
                      next.factor = event.target.value;
                    })
                  }
                />
              )}
            </Field>
            <Field path={`${path}.comparand.metric`} label={t("editor.conditions.reference")} isLabelHidden>
              {(aria) => (
                <NativeSelect
                  {...aria}
                  disabled={isReadOnly}
                  value={condition.reference}
                  onChange={(event) =>
                    onChange((next) => {
                      next.reference = event.target.value as ReferenceMetric;
                    })
                  }
                >
                  {REFERENCE_METRICS.map((metric) => (
                    <option key={metric} value={metric}>
                      {t(METRIC_KEYS[metric])}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
        )}
        {missingGoal ? (
          <p className="text-amber-700 dark:text-amber-400 text-xs">
            <Trans
              t={t}
              i18nKey="editor.conditions.missingGoal"
              components={{ anchor: <Link to="/goals" className="underline underline-offset-2" /> }}
            />
          </p>
        ) : null}
      </div>
      <div className="col-span-2 grid min-w-0 gap-1.5 md:col-span-1">
        <Field path={`${path}.window`} label={t("editor.conditions.window")}>
          {(aria) => (
            <NativeSelect
              {...aria}
              disabled={isReadOnly}
              value={condition.window.kind}
              onChange={(event) =>
                onChange((next) => {
                  next.window = { ...next.window, kind: event.target.value as RuleWindow["kind"] };
                })
              }
            >
              {WINDOW_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(WINDOW_KEYS[kind])}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {condition.window.kind === "last_days" ? (
          <Field path={`${path}.window.days`} label={t("editor.conditions.days")} isLabelHidden>
            {(aria) => (
              <UnitInput
                {...aria}
                unit={t("units.days")}
                inputMode="numeric"
                className="pr-14"
                disabled={isReadOnly}
                value={condition.window.days}
                onChange={(event) =>
                  onChange((next) => {
                    next.window = { ...next.window, days: event.target.value };
                  })
                }
              />
            )}
          </Field>
        ) : null}
      </div>
      {canRemove && !isReadOnly ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="col-span-2 justify-self-end text-muted-foreground md:col-span-1 md:mt-6 md:self-start"
          aria-label={t("editor.conditions.removeCondition", { number })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : (
        <span aria-hidden="true" className="hidden md:block md:w-9" />
      )}
    </li>
  );
}

function ComparandSwitch({
  condition,
  onChange,
}: {
  condition: ConditionDraft;
  onChange: (recipe: (condition: ConditionDraft) => void) => void;
}) {
  const { t } = useTranslation("rules");
  const { isReadOnly } = useEditor();
  const id = useId();
  return (
    <>
      <span id={id} className="sr-only">
        {t("editor.conditions.compareKind")}
      </span>
      <Segmented
        labelledBy={id}
        value={condition.comparandKind}
        disabled={isReadOnly}
        size="sm"
        onChange={(kind) =>
          onChange((next) => {
            next.comparandKind = kind;
          })
        }
        options={[
          { value: "value", label: t("editor.conditions.aValue") },
          { value: "metric", label: t("editor.conditions.aMetric") },
        ]}
      />
    </>
  );
}
