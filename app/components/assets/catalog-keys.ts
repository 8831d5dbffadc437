/** The library's words for values, as whole catalog keys (namespace "assets"), so the catalog check sees each. */
export const KIND_KEYS = {
  image: "kind.image",
  video: "kind.video",
  carousel: "kind.carousel",
  text: "kind.text",
} as const;
export const STATUS_KEYS: Record<string, string> = {
  enabled: "status.enabled",
  paused: "status.paused",
  removed: "status.removed",
};
export const SOURCE_KEYS = { all: "source.all", synced: "source.synced", uploaded: "source.uploaded" } as const;
export const SORT_KEYS = {
  spend: "sort.spend",
  impressions: "sort.impressions",
  ctr: "sort.ctr",
  cpc: "sort.cpc",
  cpa: "sort.cpa",
  roas: "sort.roas",
  hook_rate: "sort.hook_rate",
  name: "sort.name",
} as const;
export const FIGURE_KEYS = {
  spend: "figures.spend",
  impressions: "figures.impressions",
  ctr: "figures.ctr",
  cpc: "figures.cpc",
  cpa: "figures.cpa",
  roas: "figures.roas",
  hookRate: "figures.hookRate",
} as const;
export const FATIGUE_ROW_KEYS = {
  ctr: "fatigue.ctr",
  frequency: "fatigue.frequency",
  dailySpend: "fatigue.dailySpend",
} as const;
export const CHART_KEYS = {
  ctr: "chart.ctr",
  spend: "chart.spend",
  cpa: "chart.cpa",
  roas: "chart.roas",
  clicks: "chart.clicks",
  hookRate: "chart.hookRate",
} as const;
