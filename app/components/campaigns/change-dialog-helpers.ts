import type { i18n } from "i18next";
import type { ChangePreview } from "#core/campaigns/campaign-change-types.ts";

/** What a change applies to: ticked rows, or every campaign the table's filters match. */
export type ChangeTarget =
  | { kind: "ids"; ids: string[]; count: number; currencies: string[]; campaignName?: string }
  | { kind: "matching"; search: string; count: number; currencies: string[] };

/** An absolute amount is in one currency: campaigns in another cannot take it. */
export function withCurrencyCheck(
  preview: ChangePreview,
  absoluteCurrency: string | null,
  t: i18n["t"],
): ChangePreview {
  if (!absoluteCurrency || preview.currency === absoluteCurrency || preview.problem) return preview;
  return {
    ...preview,
    problem: t("campaigns:preview.otherCurrency", {
      campaignCurrency: preview.currency,
      currency: absoluteCurrency,
    }),
  };
}
