/** Numbers, money and dates in a catalogue answer, written in the reader's language. */
import type { AskLanguage } from "../chat/chat-types.ts";

const LOCALES: Record<AskLanguage, string> = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" };

export interface AnswerFormat {
  money(value: number | null | undefined, currency: string | null | undefined): string;
  number(value: number | null | undefined): string;
  /** ROAS: "3.2×". */
  ratio(value: number | null | undefined): string;
  /** A 0..1 share: "4.1 %". */
  percent(value: number | null | undefined): string;
  /** YYYY-MM-DD → "Nov 26". */
  date(value: string): string;
  list(items: string[]): string;
}

const DASH = "—";

export function answerFormat(language: AskLanguage): AnswerFormat {
  const locale = LOCALES[language];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const ratio = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const isNumber = (value: number | null | undefined): value is number =>
    typeof value === "number" && Number.isFinite(value);
  return {
    money(value, currency) {
      if (!isNumber(value)) return DASH;
      try {
        return new Intl.NumberFormat(locale, { style: "currency", currency: currency || "USD" }).format(value);
      } catch {
        return `${number.format(value)} ${currency ?? ""}`.trim();
      }
    },
    number: (value) => (isNumber(value) ? number.format(value) : DASH),
    ratio: (value) => (isNumber(value) ? `${ratio.format(value)}×` : DASH),
    percent: (value) => (isNumber(value) ? percent.format(value) : DASH),
    date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? date.format(new Date(`${value}T00:00:00Z`)) : value),
    list: (items) => list.format(items),
  };
}
