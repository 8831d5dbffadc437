import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  catalogRoots,
  checkCatalogs,
  findUnusedKeys,
  readCatalogs,
  scanSource,
  scanTranslatedSources,
} from "./i18n-check.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Catalogs in a temporary app/locales: language → namespace → JSON. */
function locales(catalogs: Record<string, Record<string, unknown>>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "adhelm-locales-"));
  folders.push(dir);
  for (const [language, namespaces] of Object.entries(catalogs)) {
    mkdirSync(path.join(dir, language));
    for (const [namespace, json] of Object.entries(namespaces))
      writeFileSync(path.join(dir, language, `${namespace}.json`), JSON.stringify(json));
  }
  return dir;
}

describe("the message catalogs", () => {
  it("are complete in every language, and every English key is used", () => {
    for (const catalogs of catalogRoots().map((root) => readCatalogs(root))) {
      expect(checkCatalogs(catalogs)).toEqual([]);
      expect(findUnusedKeys(catalogs)).toEqual([]);
    }
  });

  it("fail on a missing key, a missing plural form, a leftover English sentence and other placeholders", () => {
    const english = { app: { save: "Save all changes", rows_one: "{{count}} row", rows_other: "{{count}} rows" } };
    const dir = locales({
      en: english,
      es: {
        app: {
          save: "Save all changes",
          rows_one: "{{count}} fila",
          rows_many: "{{count}} filas",
          rows_other: "{{n}} filas",
        },
      },
      fr: { app: { save: "Enregistrer", rows_one: "{{count}} ligne", rows_other: "{{count}} lignes" } },
      de: { app: { rows_one: "{{count}} Zeile", rows_other: "{{count}} Zeilen", extra: "Mehr" } },
    });
    const messages = checkCatalogs(readCatalogs(dir, "app/locales")).map(
      (problem) => `${problem.file}: ${problem.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        'app/locales/es/app.json: key "save" is still in English: "Save all changes"',
        'app/locales/es/app.json: key "rows_other" has placeholders n but English has count',
        'app/locales/fr/app.json: missing key "rows_many"',
        'app/locales/de/app.json: missing key "save"',
        'app/locales/de/app.json: key "extra" is not in English',
      ]),
    );
  });

  it("fail on a key no source uses", () => {
    const dir = locales({ en: { app: { neverUsedAnywhere: "Nobody says this" } } });
    expect(findUnusedKeys(readCatalogs(dir, "app/locales"))).toEqual([
      { file: "app/locales/en/app.json", message: 'key "neverUsedAnywhere" is not used' },
    ]);
  });
});

describe("a notification catalog (core/<slice>/locales/*/<name>-alerts.json or -notifications.json)", () => {
  it("counts its keys as used, since the notifications slice reads <key>.title and <key>.body", () => {
    const dir = locales({
      en: {
        "pacing-alerts": {
          neverNamedInSource: { title_one: "{{count}} campaign", title_other: "{{count}} campaigns", body: "Look." },
        },
      },
    });
    expect(findUnusedKeys(readCatalogs(dir, "core/pacing/locales"))).toEqual([]);
  });

  it("fails on a key that is not a notification's title or body, and on a title without its body", () => {
    const dir = locales({
      en: { "pacing-notifications": { overspent: { title: "Overspent" }, stray: "Stray", odd: { heading: "Odd" } } },
    });
    expect(findUnusedKeys(readCatalogs(dir, "core/pacing/locales"))).toEqual([
      {
        file: "core/pacing/locales/en/pacing-notifications.json",
        message: 'key "stray" is not a notification\'s title or body',
      },
      {
        file: "core/pacing/locales/en/pacing-notifications.json",
        message: 'key "odd.heading" is not a notification\'s title or body',
      },
      { file: "core/pacing/locales/en/pacing-notifications.json", message: 'notification "overspent" has no body' },
    ]);
  });

  it("is only such a catalog under core: the app's catalogs of that name are checked key by key", () => {
    const dir = locales({ en: { "team-notifications": { neverNamed: { title: "A title", body: "A body" } } } });
    expect(findUnusedKeys(readCatalogs(dir, "app/locales")).map((problem) => problem.message)).toEqual([
      'key "neverNamed.title" is not used',
      'key "neverNamed.body" is not used',
    ]);
  });
});

describe("a translated screen", () => {
  it("says nothing outside the catalog", () => {
    expect(scanTranslatedSources()).toEqual([]);
  });

  it("is refused for text in JSX, in a user-facing attribute, in a toast or in a label property", () => {
    const code = [
      'import { toast } from "sonner";',
      'const items = [{ label: "Campaigns", url: "/campaigns" }, { label: "nav.dashboard", url: "/" }];',
      "export function Card() {",
      '  toast.success("Saved");',
      "  return (",
      '    <section aria-label="Spend by platform">',
      "      <h2>Total Spend</h2>",
      '      <p>{t("card.body")}</p>',
      "      <span>ROAS</span>",
      "      {/* i18n-ignore */}",
      "      <kbd>Ctrl B</kbd>",
      "    </section>",
      "  );",
      "}",
    ].join("\n");
    expect(scanSource("card.tsx", code).map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      '2: property label "Campaigns" is not from the catalog',
      '4: toast "Saved" is not from the catalog',
      '6: attribute aria-label "Spend by platform" is not from the catalog',
      '7: JSX text "Total Spend" is not from the catalog',
    ]);
  });
});
