/** Catalog keys the Ask screen picks by a value (a tool's name, a proposal's kind or status). */

export const TOOL_KEYS: Readonly<Record<string, string>> = {
  query_metrics: "tools.query_metrics",
  list_campaigns: "tools.list_campaigns",
  explain_change: "tools.explain_change",
  goals_and_pacing: "tools.goals_and_pacing",
  preview_rule: "tools.preview_rule",
  optimizer_recommendations: "tools.optimizer_recommendations",
  propose_change: "tools.propose_change",
};

export const PROPOSAL_KIND_KEYS = {
  pause: "proposal.kind.pause",
  enable: "proposal.kind.enable",
  budget: "proposal.kind.budget",
} as const;

export const PROPOSAL_DONE_KEYS = {
  pause: "proposal.done.pause",
  enable: "proposal.done.enable",
  budget: "proposal.done.budget",
} as const;

export const PROPOSAL_STATE_KEYS = {
  open: "proposal.state.open",
  confirmed: "proposal.state.confirmed",
  dismissed: "proposal.state.dismissed",
  undone: "proposal.state.undone",
} as const;

export const CAMPAIGN_STATUS_KEYS: Readonly<Record<string, string>> = {
  active: "proposal.status.active",
  enabled: "proposal.status.enabled",
  paused: "proposal.status.paused",
};

export const METRIC_KEYS: Readonly<Record<string, string>> = {
  spend: "metrics.spend",
  impressions: "metrics.impressions",
  clicks: "metrics.clicks",
  conversions: "metrics.conversions",
  revenue: "metrics.revenue",
  ctr: "metrics.ctr",
  cpc: "metrics.cpc",
  cpa: "metrics.cpa",
  roas: "metrics.roas",
  roi: "metrics.roi",
  dailyBudget: "metrics.dailyBudget",
};
