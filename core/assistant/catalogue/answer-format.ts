/** Numbers, money and dates in a catalogue answer, written in the reader's language. */

import {
  formatMoneyAmount,
  formatNumber,
  formatPercent,
  formatRoas,
  formatShortDate,
} from "#core/shared/number-format.ts";
import type { AskLanguage } from "../chat/chat-types.ts";

const LOCALES: Record<AskLanguage, string> = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" };

export interface AnswerFormat {
  money(value: number | null | undefined, currency: string | null | undefined): string;
  number(value: number | null | undefined): string;
  /** ROAS: "3.20×". */
  ratio(value: number | null | undefined): string;
  /** A 0..1 rate: "4.10%". */
  percent(value: number | null | undefined): string;
  /** YYYY-MM-DD → "Nov 26". */
  date(value: string): string;
  list(items: string[]): string;
}

const DASH = "—";

export function answerFormat(language: AskLanguage): AnswerFormat {
  const locale = LOCALES[language];
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const isNumber = (value: number | null | undefined): value is number =>
    typeof value === "number" && Number.isFinite(value);
  return {
    money(value, currency) {
      if (!isNumber(value)) return DASH;
      try {
        return formatMoneyAmount(value, currency || "USD", locale);
      } catch {
        return `${formatNumber(value, locale)} ${currency ?? ""}`.trim();
      }
    },
    number: (value) => (isNumber(value) ? formatNumber(value, locale) : DASH),
    ratio: (value) => (isNumber(value) ? formatRoas(value, locale) : DASH),
    percent: (value) => (isNumber(value) ? formatPercent(value, "rate", locale) : DASH),
    date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatShortDate(value, locale) : value),
    list: (items) => list.format(items),
  };
}
