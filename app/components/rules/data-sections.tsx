/** The editor's data sections: the minimum-data guard and the conversion lag setting (with each platform's curve). */
import { Plus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useLocale } from "#app/lib/i18n/use-locale.ts";
import type { LagCurve } from "#core/rules/conversion-lag.ts";
import { GUARD_METRICS, type GuardMetric } from "#core/rules/rule-definition.ts";
import { formatPercent } from "#core/shared/number-format.ts";
import { EditorSection, Field, useEditor } from "./editor-context.tsx";
import { MoneyInput, UnitInput } from "./editor-controls.tsx";
import { emptyGuard, parseNumberText } from "./rule-draft.ts";
import { GUARD_METRIC_KEYS } from "./rule-words.ts";

export function MinimumDataSection() {
  const { t } = useTranslation("rules");
  const { draft, change, options, isReadOnly } = useEditor();
  return (
    <EditorSection
      id="minimum-data"
      title={t("editor.guard.title")}
      description={t("editor.guard.description")}
      errorPrefix="definition.minimumData"
    >
      {draft.minimumData.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("editor.guard.none")}</p>
      ) : (
        <ul className="grid gap-3">
          {draft.minimumData.map((guard, index) => (
            <li key={guard.key} className="grid items-start gap-3 sm:grid-cols-[12rem_minmax(0,14rem)_auto]">
              <Field path={`definition.minimumData.${index}.metric`} label={t("editor.guard.metric")}>
                {(aria) => (
                  <NativeSelect
                    {...aria}
                    disabled={isReadOnly}
                    value={guard.metric}
                    onChange={(event) =>
                      change((next) => {
                        const entry = next.minimumData[index];
                        if (!entry) return;
                        if ((entry.metric === "spend") !== (event.target.value === "spend")) entry.atLeast = "";
                        entry.metric = event.target.value as GuardMetric;
                      })
                    }
                  >
                    {GUARD_METRICS.map((metric) => (
                      <option key={metric} value={metric}>
                        {t(GUARD_METRIC_KEYS[metric])}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field path={`definition.minimumData.${index}.atLeast`} label={t("editor.guard.atLeast")}>
                {(aria) => {
                  const props = {
                    ...aria,
                    disabled: isReadOnly,
                    value: guard.atLeast,
                    onChange: (event: ChangeEvent<HTMLInputElement>) =>
                      change((next) => {
                        const entry = next.minimumData[index];
                        if (entry) entry.atLeast = event.target.value;
                      }),
                  };
                  return guard.metric === "spend" ? (
                    <MoneyInput currency={options.currency} {...props} />
                  ) : (
                    <Input inputMode="numeric" className="tabular-nums" {...props} />
                  );
                }}
              </Field>
              {!isReadOnly ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-muted-foreground sm:mt-6"
                  aria-label={t("editor.guard.remove", { metric: t(GUARD_METRIC_KEYS[guard.metric]) })}
                  onClick={() =>
                    change((next) => {
                      next.minimumData.splice(index, 1);
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {!isReadOnly && draft.minimumData.length < 4 ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() =>
            change((next) => {
              next.minimumData.push(emptyGuard());
            })
          }
        >
          <Plus aria-hidden="true" />
          {t("editor.guard.add")}
        </Button>
      ) : null}
    </EditorSection>
  );
}

export function LagSection() {
  const { t } = useTranslation("rules");
  const { draft, change, options, isReadOnly, locale } = useEditor();
  const id = useId();
  const threshold = (parseNumberText(draft.lag.thresholdPercent, locale) ?? 90) / 100;
  return (
    <EditorSection
      id="lag"
      title={t("editor.lag.title")}
      description={t("editor.lag.description")}
      errorPrefix="definition.lag"
    >
      <div className="flex items-start gap-3">
        <Switch
          id={`${id}-exclude`}
          disabled={isReadOnly}
          checked={draft.lag.excludeImmatureDays}
          onCheckedChange={(checked) =>
            change((next) => {
              next.lag.excludeImmatureDays = checked;
            })
          }
          aria-describedby={`${id}-exclude-hint`}
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <label htmlFor={`${id}-exclude`} className="font-medium text-sm">
            {t("editor.lag.exclude")}
          </label>
          <p id={`${id}-exclude-hint`} className="text-muted-foreground text-xs">
            {t("editor.lag.excludeHint")}
          </p>
        </div>
      </div>
      {draft.lag.excludeImmatureDays ? (
        <Field
          path="definition.lag.completenessThreshold"
          label={t("editor.lag.threshold")}
          hint={t("editor.lag.thresholdHint")}
          className="max-w-56"
        >
          {(aria) => (
            <UnitInput
              {...aria}
              unit="%"
              disabled={isReadOnly}
              value={draft.lag.thresholdPercent}
              onChange={(event) =>
                change((next) => {
                  next.lag.thresholdPercent = event.target.value;
                })
              }
            />
          )}
        </Field>
      ) : null}
      {options.lag.length > 0 ? (
        <LagCurves curves={options.lag} threshold={draft.lag.excludeImmatureDays ? threshold : null} />
      ) : (
        <p className="text-muted-foreground text-xs">{t("editor.lag.noCurves")}</p>
      )}
    </EditorSection>
  );
}

const LAG_SOURCE_KEYS = {
  measured: "editor.lag.source.measured",
  conversion_rate: "editor.lag.source.conversion_rate",
  default: "editor.lag.source.default",
} as const satisfies Record<LagCurve["source"], string>;

/** Each platform's expected completeness by a day's age: the days left out are those under the threshold. */
function LagCurves({ curves, threshold }: { curves: LagCurve[]; threshold: number | null }) {
  const { t } = useTranslation("rules");
  const locale = useLocale();
  const percent = (fraction: number) => formatPercent(fraction, "share", locale);
  const ages = Math.min(8, Math.max(...curves.map((curve) => curve.completeness.length)));
  const captionId = useId();
  return (
    <div className="grid min-w-0 gap-2">
      {/* Outside the scrolling box: a caption would be as wide as the table, and cut off on a phone. */}
      <p id={captionId} className="text-muted-foreground text-xs">
        {t("editor.lag.curveCaption")}
      </p>
      <div className="overflow-x-auto">
        <table aria-labelledby={captionId} className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr className="text-muted-foreground text-xs">
              <th scope="col" className="sticky left-0 bg-card py-1 pr-3 text-left font-medium">
                {t("editor.lag.platform")}
              </th>
              {Array.from({ length: ages }, (_, age) => (
                <th key={age} scope="col" className="whitespace-nowrap px-1 py-1 text-right font-medium">
                  {age === 0 ? t("windows.today") : t("editor.lag.age", { count: age })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {curves.map((curve) => (
              <tr key={curve.platform} className="border-t">
                <th scope="row" className="sticky left-0 bg-card py-1.5 pr-3 text-left font-normal">
                  <span className="block">{platformName(curve.platform)}</span>
                  <span className="block text-muted-foreground text-xs">
                    {t(LAG_SOURCE_KEYS[curve.source], { count: curve.days })}
                  </span>
                </th>
                {curve.completeness.slice(0, ages).map((value, age) => (
                  <td
                    key={age}
                    className={
                      threshold !== null && value < threshold
                        ? "px-1 py-1.5 text-right text-amber-700 dark:text-amber-400 tabular-nums"
                        : "px-1 py-1.5 text-right tabular-nums"
                    }
                  >
                    {percent(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
