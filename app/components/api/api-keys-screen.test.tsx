import type { i18n } from "i18next";
import { describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { createApiKeySchema } from "#core/api-keys/api-key-schemas.ts";
import { renderTextIn } from "#tests/support/render-in-language.tsx";
import { formatKeyDate, translateApiKeyMessage } from "./api-key-format.ts";
import { ApiKeysScreen } from "./api-keys-screen.tsx";
import type { ApiKeySummary } from "./api-keys-types.ts";

const now = "2026-03-12T12:00:00.000Z";

const reporting: ApiKeySummary = {
  id: "key-1",
  name: "Reporting",
  prefix: "adh_Xy12AbCd",
  scope: "read_write",
  // 23:30 UTC on the 10th is already the 11th in Berlin.
  createdAt: "2026-03-10T23:30:00.000Z",
  createdBy: { id: "user-1", name: "Grace Hopper" },
  lastUsedAt: "2026-03-12T11:55:00.000Z",
  // Expiry dates are UTC days: the 31st stays the 31st in every time zone.
  expiresAt: "2099-12-31T00:00:00.000Z",
  revokedAt: null,
  status: "active",
};

const looker: ApiKeySummary = {
  ...reporting,
  id: "key-2",
  name: "Looker Studio",
  prefix: "adh_Zz98YyXx",
  scope: "read",
  createdAt: "2026-03-01T09:00:00.000Z",
  createdBy: null,
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: "2026-03-02T09:00:00.000Z",
  status: "revoked",
};

const screen = (keys: ApiKeySummary[], timeZone = "UTC") => (
  <ApiKeysScreen keys={keys} organizationName="Acme <Ads>" now={now} timeZone={timeZone} />
);

describe("ApiKeysScreen", () => {
  it("keeps the spec's English", async () => {
    const text = await renderTextIn("en", screen([reporting, looker]));
    expect(text).toContain("Keys let your own code call the Adhelm API as Acme <Ads>. Send one as");
    expect(text).toContain("Authorization: Bearer <key> .");
    expect(text).toContain("Your team's keys");
    expect(text).toContain("1 active of 2");
    expect(text).toContain("Name Key Permissions Created Last used Expires Status Actions");
    expect(text).toContain("Mar 10, 2026 by Grace Hopper 5 minutes ago Dec 31, 2099 Active Revoke Reporting");
    expect(text).toContain("Read only Mar 1, 2026 by a former member Never Never Revoked");
  });

  it("keeps the empty state's English", async () => {
    const text = await renderTextIn("en", screen([]));
    expect(text).toContain(
      "No API keys yet Create a key to list your campaigns, read their metrics or change budgets from your own scripts, BI tools and back office. Read the Developer API overview or go straight to the API reference . Create your first key",
    );
  });

  it("speaks German, with dates in German and in the reader's time zone", async () => {
    const text = await renderTextIn("de", screen([reporting, looker], "Europe/Berlin"));
    expect(text).toContain("Mit Schlüsseln ruft Ihr eigener Code die Adhelm-API im Namen von Acme <Ads> auf.");
    expect(text).toContain("Die Schlüssel Ihres Teams");
    expect(text).toContain("1 von 2 aktiv");
    expect(text).toContain("Name Schlüssel Berechtigungen Erstellt Zuletzt verwendet Läuft ab Status Aktionen");
    expect(text).toContain(
      "Lesen und schreiben 11. März 2026 von Grace Hopper Vor 5 Minuten 31. Dez. 2099 Aktiv Widerrufen : Reporting",
    );
    expect(text).toContain("Nur lesen 1. März 2026 von einem ehemaligen Mitglied Nie Nie Widerrufen");
    expect(text).not.toMatch(/Never|Read only|Your team/);
  });

  it("counts the active keys with each language's plural", async () => {
    const two = [reporting, { ...reporting, id: "key-3" }];
    expect(await renderTextIn("es", screen(two))).toContain("2 activas de 2");
    expect(await renderTextIn("fr", screen([reporting]))).toContain("1 active sur 1");
    expect(await renderTextIn("fr", screen(two))).toContain("2 actives sur 2");
  });

  it("has a Spanish empty state with both links", async () => {
    const text = await renderTextIn("es", screen([]));
    expect(text).toContain("Aún no tienes claves de API");
    expect(text).toContain("introducción a la API para desarrolladores");
    expect(text).toContain("Crea tu primera clave");
  });
});

describe("translateApiKeyMessage", () => {
  it("translates core's messages, the name's limit included, and keeps English as it is", async () => {
    await loadResources("fr");
    const fr = (i18nFor("fr") as i18n).t;
    const en = (i18nFor("en") as i18n).t;
    const tooLong = createApiKeySchema.safeParse({ name: "x".repeat(101) }).error?.issues[0]?.message ?? "";
    expect(tooLong).toBe("A key's name has at most 100 characters.");
    expect(translateApiKeyMessage(en, tooLong)).toBe(tooLong);
    expect(translateApiKeyMessage(fr, tooLong)).toBe("Le nom d’une clé compte au maximum 100 caractères.");
    const missing = createApiKeySchema.safeParse({ name: " " }).error?.issues[0]?.message ?? "";
    expect(translateApiKeyMessage(fr, missing)).toBe("Donnez un nom à la clé, par ex. Reporting.");
    expect(translateApiKeyMessage(fr, "There is no such API key.")).toBe("Cette clé API n’existe pas.");
    expect(translateApiKeyMessage(undefined, missing)).toBe(missing);
  });
});

describe("formatKeyDate", () => {
  it("is English and UTC unless told", () => {
    expect(formatKeyDate("2026-11-21T00:00:00Z")).toBe("Nov 21, 2026");
    expect(formatKeyDate("2026-11-21T00:00:00Z", { locale: "fr-FR" })).toBe("21 nov. 2026");
    expect(formatKeyDate("2026-11-21T00:00:00Z", { locale: "en-US", timeZone: "America/New_York" })).toBe(
      "Nov 20, 2026",
    );
    expect(formatKeyDate("2026-11-21T00:00:00Z", { timeZone: "Not/AZone" })).toBe("Nov 21, 2026");
  });
});
