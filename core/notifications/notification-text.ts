/**
 * A notification's words come from the catalog of the slice that raised it (rules, monitoring, the
 * notifications' own "system" catalog): `<key>.title` and `<key>.body`. They are stored in English
 * and rendered again in each reader's language for the centre, the mails and the pushes.
 */
import { type CatalogLanguage, type CatalogText, createCatalogText } from "#core/shared/catalog-text.ts";
import { formatCalendarDate, formatMoney, formatNumber, formatRoas } from "#core/shared/number-format.ts";
import de from "./locales/de/system-notifications.json" with { type: "json" };
import en from "./locales/en/system-notifications.json" with { type: "json" };
import es from "./locales/es/system-notifications.json" with { type: "json" };
import fr from "./locales/fr/system-notifications.json" with { type: "json" };
import type { NotificationMessage } from "./notification-types.ts";

/** The notifications slice's own messages (the push test, …), registered as "system". */
export const systemNotificationCatalog = createCatalogText("system-notifications", { en, es, fr, de });

export const SYSTEM_CATALOG = "system";

export type MessageCatalogs = Record<string, CatalogText>;

export const LOCALE_OF: Record<CatalogLanguage, string> = { en: "en-US", es: "es-ES", fr: "fr-FR", de: "de-DE" };

/** One of the four languages, English for anything else. */
export const languageOf = systemNotificationCatalog.languageOf;

/** Amounts ({ amountMinor, currency }), ROAS and dates in the reader's locale; numbers as the locale writes them. */
function formatParams(params: NotificationMessage["params"], language: CatalogLanguage): Record<string, string> {
  const locale = LOCALE_OF[language];
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => {
      if (typeof value === "number") return [name, formatNumber(value, locale)];
      if (typeof value === "string") return [name, value];
      if ("date" in value)
        // A calendar day: formatted as that day wherever the reader is.
        return [name, formatCalendarDate(value.date, locale, "medium")];
      if ("roas" in value) return [name, formatRoas(value.roas, locale)];
      return [name, formatMoney(value.amountMinor, value.currency, locale)];
    }),
  );
}

export interface RenderedMessage {
  title: string;
  body: string;
}

/**
 * The message in `language`. An unknown catalog or key falls back to `fallback` (the stored
 * English words), so a notification raised by a slice whose catalog is gone still reads.
 */
export function renderMessage(
  catalogs: MessageCatalogs,
  message: NotificationMessage,
  language: CatalogLanguage,
  fallback?: RenderedMessage,
): RenderedMessage {
  const catalog = catalogs[message.catalog];
  if (!catalog) {
    if (fallback) return fallback;
    throw new Error(`No notification catalog named "${message.catalog}" is registered.`);
  }
  const t = catalog.textIn(language);
  // `count` stays a number: it picks the plural form ("1 campaign", "3 campaigns").
  const count = message.params?.count;
  const params = {
    ...formatParams(message.params, language),
    ...(typeof count === "number" ? { count } : {}),
  };
  const titleKey = `${message.key}.title`;
  const bodyKey = `${message.key}.body`;
  const title = t(titleKey, params);
  const body = t(bodyKey, params);
  if (title === titleKey || body === bodyKey) {
    if (fallback) return fallback;
    throw new Error(`The notification catalog "${message.catalog}" has no "${message.key}" title and body.`);
  }
  return { title, body };
}

/** The message a stored notification was raised with (kept in its data), if any. */
export function storedMessageOf(data: Record<string, unknown>): NotificationMessage | null {
  const message = data.message as NotificationMessage | undefined;
  return message && typeof message.catalog === "string" && typeof message.key === "string" ? message : null;
}

/** A stored notification's words in `language`, its stored English words when its catalog cannot say. */
export function renderStored(
  catalogs: MessageCatalogs,
  notification: { title: string; body: string; data: Record<string, unknown> },
  language: CatalogLanguage,
): RenderedMessage {
  const stored = { title: notification.title, body: notification.body };
  const message = storedMessageOf(notification.data);
  return message ? renderMessage(catalogs, message, language, stored) : stored;
}
