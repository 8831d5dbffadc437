/**
 * Why a rule fired on a campaign or did not: each group and condition with the values the engine
 * computed (the metric over its window, the number or "k × metric" it was compared with), the
 * minimum-data guard, and the days the lag model left out with why.
 */
import { Check, CircleHelp, Minus, X } from "lucide-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { platformName } from "#app/components/analytics/platform-label.tsx";
import { useMetricFormat } from "#app/components/analytics/use-metric-format.ts";
import { cn } from "#app/lib/cn.ts";
import type {
  ConditionResult,
  ConditionTrace,
  EvaluationReason,
  EvaluationTrace,
  ExcludedDay,
  WindowTrace,
} from "#core/rules/evaluate-rule.ts";
import type { NoValueReason } from "#core/rules/rule-metrics.ts";
import { GUARD_METRIC_KEYS, OPERATOR_SYMBOLS } from "./rule-words.ts";
import { useRuleText } from "./use-rule-text.ts";

/** A stored trace, if it is one this screen can read. */
export function readTrace(trace: unknown): EvaluationTrace | null {
  return trace && typeof trace === "object" && (trace as { version?: unknown }).version === 1
    ? (trace as EvaluationTrace)
    : null;
}

const REASON_KEYS = {
  conditions_met: "trace.reason.conditions_met",
  conditions_not_met: "trace.reason.conditions_not_met",
  insufficient_data: "trace.reason.insufficient_data",
} as const satisfies Record<EvaluationReason, string>;

const RESULT_KEYS = {
  true: "trace.result.true",
  false: "trace.result.false",
  insufficient_data: "trace.result.insufficient_data",
  no_value: "trace.result.no_value",
} as const satisfies Record<ConditionResult, string>;

const NO_VALUE_KEYS = {
  zero_denominator: "trace.noValue.zero_denominator",
  no_daily_budget: "trace.noValue.no_daily_budget",
  no_target_cpa: "trace.noValue.no_target_cpa",
  target_cpa_in_other_currency: "trace.noValue.target_cpa_in_other_currency",
  no_target_roas: "trace.noValue.no_target_roas",
} as const satisfies Record<NoValueReason, string>;

const LAG_SOURCE_KEYS = {
  measured: "trace.lagSource.measured",
  conversion_rate: "trace.lagSource.conversion_rate",
  default: "trace.lagSource.default",
} as const satisfies Record<ExcludedDay["source"], string>;

export function TraceReason({ reason }: { reason: EvaluationReason }) {
  const { t } = useTranslation("rules");
  return <>{t(REASON_KEYS[reason])}</>;
}

export function TraceView({ trace }: { trace: EvaluationTrace }) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        {t("trace.asOf", { today: format.shortDate(trace.today), timeZone: trace.timeZone })}
        {" · "}
        {trace.groups.length > 1 ? (trace.match === "all" ? t("trace.allGroups") : t("trace.anyGroup")) : null}
      </p>
      {trace.groups.map((group, groupIndex) => (
        <Fragment key={groupIndex}>
          {groupIndex > 0 ? (
            <p className="-my-1 text-center font-semibold text-muted-foreground text-xs uppercase tracking-wide">
              {trace.match === "all" ? t("editor.conditions.and") : t("editor.conditions.or")}
            </p>
          ) : null}
          <div className="grid gap-2 rounded-md border bg-background p-3">
            <p className="flex items-center gap-2 font-medium text-xs">
              <ResultIcon result={group.result} />
              {group.match === "all" ? t("trace.allConditions") : t("trace.anyCondition")}
            </p>
            <ul className="grid gap-2">
              {group.conditions.map((condition, index) => (
                <ConditionLine key={index} condition={condition} currency={trace.currency} />
              ))}
            </ul>
          </div>
        </Fragment>
      ))}
    </div>
  );
}

function ResultIcon({ result }: { result: ConditionResult }) {
  const { t } = useTranslation("rules");
  const Icon = result === "true" ? Check : result === "false" ? X : result === "no_value" ? Minus : CircleHelp;
  return (
    <span title={t(RESULT_KEYS[result])} className="inline-flex shrink-0">
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex size-5 items-center justify-center rounded-full",
          result === "true" && "bg-success/15 text-success",
          result === "false" && "bg-muted text-muted-foreground",
          (result === "insufficient_data" || result === "no_value") && "bg-warning/15 text-warning",
        )}
      >
        <Icon className="size-3.5" />
      </span>
      <span className="sr-only">{t(RESULT_KEYS[result])}</span>
    </span>
  );
}

function ConditionLine({ condition, currency }: { condition: ConditionTrace; currency: string }) {
  const { t } = useTranslation("rules");
  const text = useRuleText(currency);
  const format = useMetricFormat();
  const { comparand } = condition;
  const right =
    comparand.kind === "value"
      ? text.value(condition.metric, comparand.value)
      : // "1.5 × Target CPA ($25.00) = $37.50": figures and names, no words to translate.
        `${format.number(comparand.factor)} × ${text.metric(comparand.metric)} (${text.value(comparand.metric, comparand.metricValue)}) = ${text.value(comparand.metric, comparand.value)}`;
  const noValue = condition.noValueReason ?? (comparand.kind === "metric" ? comparand.noValueReason : undefined);
  return (
    <li className="grid gap-1 text-sm">
      <div className="flex items-start gap-2">
        <ResultIcon result={condition.result} />
        <p className="min-w-0">
          <span className="font-medium">{text.metric(condition.metric)}</span>{" "}
          <span className="tabular-nums">{text.value(condition.metric, condition.value)}</span>{" "}
          <span className="text-muted-foreground">{OPERATOR_SYMBOLS[condition.operator]}</span>{" "}
          <span className="tabular-nums">{right}</span>
        </p>
      </div>
      <div className="grid gap-0.5 pl-7 text-muted-foreground text-xs">
        <WindowLine window={condition.window} />
        {noValue ? <p className="text-amber-700 dark:text-amber-400">{t(NO_VALUE_KEYS[noValue])}</p> : null}
        {condition.guards.map((guard) => (
          <p key={guard.metric} className={guard.passed ? undefined : "text-amber-700 dark:text-amber-400"}>
            {t(guard.passed ? "trace.guardPassed" : "trace.guardFailed", {
              metric: t(GUARD_METRIC_KEYS[guard.metric]),
              actual: text.value(guard.metric, guard.actual),
              atLeast: text.value(guard.metric, guard.atLeast),
            })}
          </p>
        ))}
        {condition.excludedDays.length > 0 ? (
          <details>
            <summary className="cursor-pointer">
              {t("trace.excluded", { count: condition.excludedDays.length })}
            </summary>
            <ul className="mt-1 grid gap-0.5">
              {condition.excludedDays.map((day) => (
                <li key={day.date}>
                  {t("trace.excludedDay", {
                    date: format.shortDate(day.date),
                    age: day.ageDays,
                    expected: format.percent(day.expectedCompleteness, "share"),
                    threshold: format.percent(day.threshold, "share"),
                    platform: platformName(day.platform),
                    source: t(LAG_SOURCE_KEYS[day.source], { count: day.sourceDays }),
                  })}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </li>
  );
}

function WindowLine({ window }: { window: WindowTrace }) {
  const { t } = useTranslation("rules");
  const format = useMetricFormat();
  if (!window.from || !window.to) return <p className="text-amber-700 dark:text-amber-400">{t("trace.noDays")}</p>;
  return (
    <p>
      {t("trace.window", {
        range:
          window.from === window.to
            ? format.shortDate(window.from)
            : format.dateRange({ from: window.from, to: window.to }),
        count: window.dayCount,
      })}
      {window.shiftedByDays > 0 ? <span> · {t("trace.shifted", { count: window.shiftedByDays })}</span> : null}
      {window.isTruncated ? <span> · {t("trace.truncated")}</span> : null}
    </p>
  );
}
