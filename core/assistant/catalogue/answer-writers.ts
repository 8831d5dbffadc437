/**
 * How a catalogue answer is written from its tool's data: a sentence and a short list, in the
 * reader's language, with numbers in their format. Values read from the data (campaign names) are
 * only ever printed, never interpreted.
 */
import type { TFunction } from "i18next";
import type { AnswerFormat } from "./answer-format.ts";
import type { AnswerKind, CatalogueMetric, CatalogueQuestion } from "./catalogue-questions.ts";

type Row = Record<string, unknown>;

const MAX_LINES = 8;

interface Writer {
  t: TFunction;
  format: AnswerFormat;
}

function recordOf(value: unknown): Row {
  return value !== null && typeof value === "object" ? (value as Row) : {};
}

function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.map(recordOf) : [];
}

function numberOf(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
}

function metricText({ format }: Writer, metric: CatalogueMetric | "clicks", row: Row): string {
  const value = numberOf(row[metric]);
  const currency = textOf(row.currency);
  switch (metric) {
    case "spend":
    case "revenue":
    case "cpa":
    case "cpc":
      return format.money(value, currency);
    case "roas":
      return format.ratio(value);
    case "ctr":
      return format.percent(value);
    default:
      return format.number(value);
  }
}

function platformName({ t }: Writer, platform: unknown): string {
  const id = textOf(platform);
  return id ? t(`platforms.${id}`, { defaultValue: id }) : "";
}

function bullets(lines: string[], writer: Writer): string {
  const shown = lines.slice(0, MAX_LINES).map((line) => `- ${line}`);
  if (lines.length > MAX_LINES) shown.push(`- ${writer.t("line.more", { count: lines.length - MAX_LINES })}`);
  return shown.join("\n");
}

function rangeOf(data: Row, writer: Writer) {
  const range = recordOf(data.range);
  return { from: writer.format.date(textOf(range.from)), to: writer.format.date(textOf(range.to)) };
}

function campaigns(
  question: CatalogueQuestion,
  answer: Extract<AnswerKind, { kind: "campaigns" }>,
  data: Row,
  writer: Writer,
) {
  const range = rangeOf(data, writer);
  let rows = rowsOf(data.campaigns);
  if (answer.only === "spentWithoutConversions")
    rows = rows.filter((row) => (numberOf(row.spend) ?? 0) > 0 && (numberOf(row.conversions) ?? 0) === 0);
  if (rows.length === 0) return writer.t("empty.campaigns", range);
  const lines = rows.map((row) =>
    writer.t("line.campaign", {
      name: textOf(row.campaignName),
      platform: platformName(writer, row.platform),
      value: metricText(writer, answer.metric, row),
    }),
  );
  return `${writer.t(`intro.${question.id}`, range)}\n${bullets(lines, writer)}`;
}

function groups(
  question: CatalogueQuestion,
  answer: Extract<AnswerKind, { kind: "groups" }>,
  data: Row,
  writer: Writer,
) {
  const range = rangeOf(data, writer);
  const rows = rowsOf(data.rows);
  if (rows.length === 0) return writer.t("empty.metrics", range);
  const ranked = answer.best
    ? [...rows].sort((a, b) => {
        const [x, y] = [numberOf(a[answer.metric]), numberOf(b[answer.metric])];
        if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
        return answer.best === "high" ? y - x : x - y;
      })
    : rows;
  const best = platformName(writer, ranked[0]?.platform);
  const lines = ranked.map((row) =>
    writer.t("line.group", { name: platformName(writer, row.platform), value: metricText(writer, answer.metric, row) }),
  );
  return `${writer.t(`intro.${question.id}`, { ...range, best })}\n${bullets(lines, writer)}`;
}

function daily(question: CatalogueQuestion, answer: Extract<AnswerKind, { kind: "daily" }>, data: Row, writer: Writer) {
  const range = rangeOf(data, writer);
  const rows = rowsOf(data.rows);
  // One currency per series: the first row's (the tool's chart draws the same).
  const currency = textOf(rows[0]?.currency);
  const series = rows.filter((row) => textOf(row.currency) === currency);
  const values = series.map((row) => numberOf(row[answer.metric]) ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  if (series.length === 0 || total === 0) return writer.t("empty.metrics", range);
  const bestIndex = values.indexOf(Math.max(...values));
  const asRow = (value: number): Row => ({ [answer.metric]: value, currency });
  return `${writer.t(`intro.${question.id}`, range)} ${writer.t("line.daily", {
    total: metricText(writer, answer.metric, asRow(total)),
    days: series.length,
    average: metricText(writer, answer.metric, asRow(Math.round((total / series.length) * 100) / 100)),
    best: metricText(writer, answer.metric, asRow(values[bestIndex] ?? 0)),
    bestDay: writer.format.date(textOf(series[bestIndex]?.date)),
  })}`;
}

function total(question: CatalogueQuestion, answer: Extract<AnswerKind, { kind: "total" }>, data: Row, writer: Writer) {
  const range = rangeOf(data, writer);
  const rows = rowsOf(data.rows).filter(
    (row) => (numberOf(row.spend) ?? 0) > 0 || (numberOf(row.conversions) ?? 0) > 0,
  );
  if (rows.length === 0) return writer.t("empty.metrics", range);
  const lines = rows.flatMap((row) =>
    answer.metrics.map((metric) =>
      writer.t("line.total", {
        metric: writer.t(`metrics.${metric}`) + (rows.length > 1 ? ` (${textOf(row.currency)})` : ""),
        value: metricText(writer, metric, row),
      }),
    ),
  );
  return `${writer.t(`intro.${question.id}`, range)}\n${bullets(lines, writer)}`;
}

function scopeName(writer: Writer, scope: unknown): string {
  return textOf(scope) === "organization" ? writer.t("scope.all") : platformName(writer, scope);
}

function pacing(data: Row, writer: Writer) {
  const plan = data.plan ? recordOf(data.plan) : null;
  const lines: string[] = [];
  if (plan) {
    const currency = textOf(plan.currency);
    lines.push(
      writer.t("line.pacingPlan", {
        spent: writer.format.money(numberOf(plan.spent), currency),
        budget: writer.format.money(numberOf(plan.monthlyBudget), currency),
        status: writer.t(`status.${textOf(plan.status)}`, { defaultValue: textOf(plan.status) }),
        ideal: writer.format.money(numberOf(plan.idealByToday), currency),
        projected: writer.format.money(numberOf(recordOf(plan.projectedMonthEnd).mean), currency),
      }),
    );
  }
  for (const goal of rowsOf(data.goals)) {
    const goalPacing = goal.pacing ? recordOf(goal.pacing) : null;
    if (!goalPacing) continue;
    const currency = textOf(goal.currency);
    lines.push(
      writer.t("line.pacingGoal", {
        scope: scopeName(writer, goal.scope),
        spent: writer.format.money(numberOf(goal.spentThisMonth), currency),
        budget: writer.format.money(numberOf(goal.monthlyBudget), currency),
        projected: writer.format.money(numberOf(goalPacing.projectedMonthEnd), currency),
        pace: writer.t(`status.${textOf(goalPacing.pace)}`, { defaultValue: textOf(goalPacing.pace) }),
      }),
    );
  }
  return lines.length === 0 ? writer.t("empty.pacing") : lines.join("\n\n");
}

function goalTargets(data: Row, writer: Writer) {
  const lines: string[] = [];
  for (const goal of rowsOf(data.goals)) {
    const currency = textOf(goal.currency);
    const target = goal.target ? recordOf(goal.target) : null;
    if (target) {
      const isRoas = target.kind === "roas";
      const show = (value: unknown) =>
        isRoas ? writer.format.ratio(numberOf(value)) : writer.format.money(numberOf(value), currency);
      lines.push(
        writer.t("line.goalTarget", {
          scope: scopeName(writer, goal.scope),
          kind: writer.t(`metrics.${isRoas ? "roas" : "cpa"}`),
          actual: show(target.actual),
          target: show(target.target),
          met: writer.t(target.isMet === true ? "status.met" : "status.notMet"),
        }),
      );
    }
  }
  const budgetLines = pacing({ goals: data.goals }, writer);
  if (lines.length === 0 && budgetLines === writer.t("empty.pacing")) return writer.t("empty.goals");
  return [...lines, ...(budgetLines === writer.t("empty.pacing") ? [] : [budgetLines])].join("\n\n");
}

function settingText(writer: Writer, value: unknown, currency: string): string {
  const setting = recordOf(value);
  const parts: string[] = [];
  if (typeof setting.status === "string")
    parts.push(writer.t(`status.${setting.status}`, { defaultValue: setting.status }));
  if (typeof setting.dailyBudget === "number") parts.push(writer.format.money(setting.dailyBudget, currency));
  if (typeof setting.name === "string") parts.push(`“${setting.name}”`);
  return parts.join(", ") || "—";
}

function changes(question: CatalogueQuestion, data: Row, writer: Writer) {
  const range = rangeOf(data, writer);
  const rows = rowsOf(data.changes);
  if (rows.length === 0) return writer.t("empty.changes", range);
  const lines = rows.map((row) => {
    const currency = textOf(row.currency);
    return writer.t(row.undone === true ? "line.changeUndone" : "line.change", {
      day: writer.format.date(textOf(row.day)),
      by: textOf(row.by),
      campaign: textOf(row.campaignName),
      before: settingText(writer, row.before, currency),
      after: settingText(writer, row.after, currency),
    });
  });
  return `${writer.t(`intro.${question.id}`, range)}\n${bullets(lines, writer)}`;
}

function recommendations(question: CatalogueQuestion, data: Row, writer: Writer) {
  const rows = rowsOf(data.recommendations);
  if (rows.length === 0) return writer.t("empty.recommendations");
  const lines = rows.map((row) =>
    writer.t("line.recommendation", {
      campaign: textOf(row.campaignName),
      current: writer.format.money(numberOf(row.currentDailyBudget), textOf(row.currency)),
      recommended: writer.format.money(numberOf(row.recommendedDailyBudget), textOf(row.currency)),
    }),
  );
  return `${writer.t(`intro.${question.id}`)}\n${bullets(lines, writer)}`;
}

export function writeAnswer(question: CatalogueQuestion, data: unknown, writer: Writer): string {
  const row = recordOf(data);
  const answer = question.answer;
  switch (answer.kind) {
    case "campaigns":
      return campaigns(question, answer, row, writer);
    case "groups":
      return groups(question, answer, row, writer);
    case "daily":
      return daily(question, answer, row, writer);
    case "total":
      return total(question, answer, row, writer);
    case "pacing":
      return pacing(row, writer);
    case "goals":
      return goalTargets(row, writer);
    case "changes":
      return changes(question, row, writer);
    case "recommendations":
      return recommendations(question, row, writer);
  }
}
