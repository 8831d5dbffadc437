import type { i18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { NOT_CONNECTED_MESSAGE } from "#core/connections/platform-access.ts";
import { translateChangeMessage } from "./change-messages.ts";
import { budgetChangeFrom, budgetFormSchema, normalizeDecimal } from "./change-request.ts";
import { describeSettings, outcomeSentence } from "./change-summary.ts";

let en: i18n["t"];
let de: i18n["t"];
let fr: i18n["t"];

beforeAll(async () => {
  await Promise.all([loadResources("de"), loadResources("fr")]);
  const instance = (language: "en" | "de" | "fr") => {
    const loaded = i18nFor(language);
    if (!loaded) throw new Error(`no catalogs for ${language}`);
    return loaded.t;
  };
  en = instance("en");
  de = instance("de");
  fr = instance("fr");
});

/** Core's sentences as core writes them, fixed and built with figures or names. */
const CORE_MESSAGES = [
  "There is no such campaign.",
  NOT_CONNECTED_MESSAGE,
  "Change at most 10,000 campaigns at once.",
  "These filters match 12,345 campaigns; change at most 10,000 at once. Narrow the filters and try again.",
  "At most 500 campaigns can be changed in one request; send the rest in another.",
  "3 of these campaigns do not exist.",
  "A budget change in percent is between -90% and +1,000%.",
  "A reason is at most 1,000 characters.",
  "The platform refused the change: This change was already undone.",
  "This campaign has changed since: it is paused now, it is named “Brand, EU” now. Undoing would overwrite the later change.",
  "This campaign has changed since: its daily budget was set again. Undoing would overwrite the later change.",
  "Google Ads accepted the change.",
];

describe("translateChangeMessage", () => {
  it("leaves every core message exactly as it is in English", () => {
    for (const message of CORE_MESSAGES) expect(translateChangeMessage(en, message)).toBe(message);
  });

  it("reads core's messages in German, figures and names included", () => {
    expect(translateChangeMessage(de, "There is no such campaign.")).toBe("Diese Kampagne gibt es nicht.");
    expect(
      translateChangeMessage(
        de,
        "These filters match 12,345 campaigns; change at most 10,000 at once. Narrow the filters and try again.",
      ),
    ).toBe(
      "Diese Filter treffen auf 12.345 Kampagnen zu; ändern Sie höchstens 10.000 auf einmal. Grenzen Sie die Filter ein und versuchen Sie es erneut.",
    );
    expect(
      translateChangeMessage(
        de,
        "This campaign has changed since: it is paused now, it is named “Brand, EU” now. Undoing would overwrite the later change.",
      ),
    ).toBe(
      "Diese Kampagne hat sich seitdem geändert: sie ist jetzt pausiert, sie heißt jetzt „Brand, EU“. Rückgängig machen würde die spätere Änderung überschreiben.",
    );
    expect(translateChangeMessage(de, "Google Ads accepted the change.")).toBe(
      "Google Ads hat die Änderung übernommen.",
    );
  });

  it("shows a platform's own words as they are", () => {
    expect(translateChangeMessage(de, "Meta: (#100) Invalid parameter")).toBe("Meta: (#100) Invalid parameter");
  });
});

describe("budget form in the reader's locale", () => {
  it("reads figures as typed in English, German and French", () => {
    expect(normalizeDecimal("1,234.50", "en-US")).toBe("1234.50");
    expect(normalizeDecimal("1.234,50", "de-DE")).toBe("1234.50");
    expect(normalizeDecimal("50,5", "de-DE")).toBe("50.5");
    expect(normalizeDecimal("50.5", "de-DE")).toBe("50.5");
    expect(normalizeDecimal("1\u202f234,5", "fr-FR")).toBe("1234.5");
    expect(normalizeDecimal("-12,5", "es-ES")).toBe("-12.5");
  });

  it("turns a German 50,00 € into 5,000 cents, not 500,000", () => {
    const parsed = budgetFormSchema("EUR", "de-DE").parse({ mode: "absolute", value: "50,00" });
    expect(budgetChangeFrom(parsed, "EUR")).toEqual({
      action: "set_budget",
      budget: { kind: "absolute", amountMinor: 5_000 },
    });
  });

  it("answers with catalog keys that read the same English as before", () => {
    const refusal = budgetFormSchema("USD").safeParse({ mode: "absolute", value: "1.234" });
    const key = refusal.error?.issues[0]?.message ?? "";
    expect(en(key, { ns: "campaigns", count: 2 })).toBe("Enter an amount with at most 2 decimals.");
    const range = budgetFormSchema("USD").safeParse({ mode: "percent", value: "-95" });
    expect(en(range.error?.issues[0]?.message ?? "", { ns: "campaigns", min: -90, max: 1_000 })).toBe(
      "Choose between -90% and +1,000%.",
    );
  });
});

describe("change summaries", () => {
  it("reads before → after and outcomes in English as before, and in the reader's language", () => {
    const settings = { status: "paused", dailyBudgetMinor: 5_000 } as const;
    expect(describeSettings(settings, "USD", en, "en-US")).toBe("Paused · $50.00/day");
    expect(describeSettings(settings, "EUR", de, "de-DE")).toBe("Pausiert · 50,00\u00a0€/Tag");
    expect(describeSettings({ dailyBudgetMinor: null }, "EUR", fr, "fr-FR")).toBe("Aucun budget quotidien");
    expect(outcomeSentence({ succeeded: 18, failed: 2, skipped: 0 }, en)).toBe("18 updated, 2 failed");
    expect(outcomeSentence({ succeeded: 1_200, failed: 0, skipped: 1 }, de)).toBe("1.200 aktualisiert, 1 übersprungen");
  });
});
