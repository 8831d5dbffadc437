/**
 * The words of the CSV exports (header row, status labels, file name), in the reader's language.
 * The catalogs are core/campaigns/locales/<language>/csv.json; English is the source, and
 * `npm run lint:i18n` holds the others to it.
 */
import { createCatalogText } from "#core/shared/catalog-text.ts";
import de from "./locales/de/csv.json" with { type: "json" };
import en from "./locales/en/csv.json" with { type: "json" };
import es from "./locales/es/csv.json" with { type: "json" };
import fr from "./locales/fr/csv.json" with { type: "json" };

const csv = createCatalogText("csv", { en, es, fr, de });

/** One of the export languages, English for anything else. */
export const csvLanguageOf = csv.languageOf;

/** `t` over the CSV catalog of `language`, English for anything missing. */
export const csvText = csv.textIn;
