import type { ChangePreview } from "#core/campaigns/campaign-change-types.ts";

/** What a change applies to: ticked rows, or every campaign the table's filters match. */
export type ChangeTarget =
  | { kind: "ids"; ids: string[]; count: number; currencies: string[]; campaignName?: string }
  | { kind: "matching"; search: string; count: number; currencies: string[] };

export const count = (value: number) => value.toLocaleString("en-US");
export const campaignsWord = (value: number) => `${count(value)} ${value === 1 ? "campaign" : "campaigns"}`;

/** An absolute amount is in one currency: campaigns in another cannot take it. */
export function withCurrencyCheck(preview: ChangePreview, absoluteCurrency: string | null): ChangePreview {
  if (!absoluteCurrency || preview.currency === absoluteCurrency || preview.problem) return preview;
  return { ...preview, problem: `Its budget is in ${preview.currency}; this amount is in ${absoluteCurrency}.` };
}
