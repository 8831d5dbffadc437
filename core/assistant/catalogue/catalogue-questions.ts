/**
 * The 20 questions marketers ask most, answered without a model: each names the concepts that
 * identify it in typed text, the tool it asks (the same tools the model calls) with a fixed input,
 * and how its answer is written (answer-writers.ts).
 */
import type { Concept } from "./question-concepts.ts";

export type AnswerKind =
  | { kind: "campaigns"; metric: CatalogueMetric; only?: "spentWithoutConversions" }
  | { kind: "groups"; metric: CatalogueMetric; best?: "high" | "low" }
  | { kind: "daily"; metric: CatalogueMetric }
  | { kind: "total"; metrics: CatalogueMetric[] }
  | { kind: "pacing" }
  | { kind: "goals" }
  | { kind: "changes" }
  | { kind: "recommendations" };

export type CatalogueMetric = "spend" | "conversions" | "revenue" | "cpa" | "roas" | "ctr" | "cpc";

export interface CatalogueQuestion {
  id: string;
  /** Every one must be mentioned for typed text to match. */
  requires: readonly Concept[];
  /** Each one mentioned makes the match more likely. */
  mentions: readonly Concept[];
  tool: string;
  input: Record<string, unknown>;
  answer: AnswerKind;
}

const last = (preset: string) => ({ preset });

export const CATALOGUE_QUESTIONS: readonly CatalogueQuestion[] = [
  {
    id: "highestCpa7Days",
    requires: ["cpa"],
    mentions: ["high", "campaign", "last7", "spend"],
    tool: "list_campaigns",
    input: { sortBy: "cpa", direction: "desc", range: last("last_7_days"), limit: 5 },
    answer: { kind: "campaigns", metric: "cpa" },
  },
  {
    id: "spendPacing",
    requires: ["pacing"],
    mentions: ["spend", "thisMonth"],
    tool: "goals_and_pacing",
    input: {},
    answer: { kind: "pacing" },
  },
  {
    id: "changedYesterday",
    requires: ["changes", "yesterday"],
    mentions: ["campaign"],
    tool: "explain_change",
    input: { range: last("yesterday") },
    answer: { kind: "changes" },
  },
  {
    id: "bestRoasPlatform",
    requires: ["roas", "platform"],
    mentions: ["high", "thisMonth"],
    tool: "query_metrics",
    input: { groupBy: "platform", metrics: ["roas", "spend", "revenue"], range: last("this_month") },
    answer: { kind: "groups", metric: "roas", best: "high" },
  },
  {
    id: "spendByDay30Days",
    requires: ["spend", "day"],
    mentions: ["last30"],
    tool: "query_metrics",
    input: { groupBy: "day", metrics: ["spend"], range: last("last_30_days") },
    answer: { kind: "daily", metric: "spend" },
  },
  {
    id: "spentWithoutConversions",
    requires: ["none"],
    mentions: ["spend", "campaign", "last30"],
    tool: "list_campaigns",
    input: { sortBy: "spend", direction: "desc", range: last("last_30_days"), limit: 50 },
    answer: { kind: "campaigns", metric: "spend", only: "spentWithoutConversions" },
  },
  {
    id: "optimizerRecommendations",
    requires: ["optimizer"],
    mentions: ["pacing"],
    tool: "optimizer_recommendations",
    input: { limit: 10 },
    answer: { kind: "recommendations" },
  },
  {
    id: "topSpend7Days",
    requires: ["spend", "campaign"],
    mentions: ["high", "last7"],
    tool: "list_campaigns",
    input: { sortBy: "spend", direction: "desc", range: last("last_7_days"), limit: 5 },
    answer: { kind: "campaigns", metric: "spend" },
  },
  {
    id: "bestRoasCampaigns30Days",
    requires: ["roas", "campaign"],
    mentions: ["high", "last30"],
    tool: "list_campaigns",
    input: { sortBy: "roas", direction: "desc", range: last("last_30_days"), limit: 5 },
    answer: { kind: "campaigns", metric: "roas" },
  },
  {
    id: "spendThisMonth",
    requires: ["spend", "thisMonth"],
    mentions: [],
    tool: "query_metrics",
    input: { groupBy: "total", metrics: ["spend", "conversions", "revenue", "roas"], range: last("this_month") },
    answer: { kind: "total", metrics: ["spend", "conversions", "revenue", "roas"] },
  },
  {
    id: "conversionsByDay14Days",
    requires: ["conversions", "day"],
    mentions: ["last14"],
    tool: "query_metrics",
    input: { groupBy: "day", metrics: ["conversions"], range: last("last_14_days") },
    answer: { kind: "daily", metric: "conversions" },
  },
  {
    id: "spendByPlatform30Days",
    requires: ["spend", "platform"],
    mentions: ["last30"],
    tool: "query_metrics",
    input: { groupBy: "platform", metrics: ["spend", "conversions", "revenue"], range: last("last_30_days") },
    answer: { kind: "groups", metric: "spend" },
  },
  {
    id: "goalsOnTrack",
    requires: ["goals"],
    mentions: ["thisMonth", "roas", "cpa"],
    tool: "goals_and_pacing",
    input: {},
    answer: { kind: "goals" },
  },
  {
    id: "pausedCampaigns",
    requires: ["paused"],
    mentions: ["campaign"],
    tool: "list_campaigns",
    input: { statuses: ["paused"], sortBy: "spend", direction: "desc", range: last("last_30_days"), limit: 10 },
    answer: { kind: "campaigns", metric: "spend" },
  },
  {
    id: "lowestCtr7Days",
    requires: ["ctr"],
    mentions: ["low", "campaign", "last7"],
    tool: "list_campaigns",
    input: { sortBy: "ctr", direction: "asc", range: last("last_7_days"), limit: 5 },
    answer: { kind: "campaigns", metric: "ctr" },
  },
  {
    id: "topConversions30Days",
    requires: ["conversions", "campaign"],
    mentions: ["high", "last30"],
    tool: "list_campaigns",
    input: { sortBy: "conversions", direction: "desc", range: last("last_30_days"), limit: 5 },
    answer: { kind: "campaigns", metric: "conversions" },
  },
  {
    id: "cpcByPlatform7Days",
    requires: ["cpc"],
    mentions: ["platform", "last7", "spend"],
    tool: "query_metrics",
    input: { groupBy: "platform", metrics: ["cpc", "clicks", "spend"], range: last("last_7_days") },
    answer: { kind: "groups", metric: "cpc", best: "low" },
  },
  {
    id: "changedLast7Days",
    requires: ["changes", "last7"],
    mentions: ["campaign"],
    tool: "explain_change",
    input: { range: last("last_7_days"), limit: 20 },
    answer: { kind: "changes" },
  },
  {
    id: "revenueByDay30Days",
    requires: ["revenue", "day"],
    mentions: ["last30"],
    tool: "query_metrics",
    input: { groupBy: "day", metrics: ["revenue"], range: last("last_30_days") },
    answer: { kind: "daily", metric: "revenue" },
  },
  {
    id: "lastMonthSummary",
    requires: ["lastMonth"],
    mentions: ["spend", "conversions", "revenue", "roas"],
    tool: "query_metrics",
    input: { groupBy: "total", metrics: ["spend", "conversions", "revenue", "cpa", "roas"], range: last("last_month") },
    answer: { kind: "total", metrics: ["spend", "conversions", "revenue", "cpa", "roas"] },
  },
];
