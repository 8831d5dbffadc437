import type { MetaDescriptor } from "react-router";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { isLanguage } from "#app/lib/i18n/languages.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * The campaigns screens' meta tags in the reader's language (the root loader chose it and loaded
 * its catalogs before any meta function runs; English is always there). `title` is a campaign's
 * own name when there is one, else the catalog's.
 */
export function campaignPageMeta(
  matches: Matches,
  { page, path, name }: { page: "table" | "detail"; path: string; name?: string },
): MetaDescriptor[] {
  const language = (matches.find((match) => match?.id === "root")?.loaderData as { language?: unknown } | undefined)
    ?.language;
  const i18n = i18nFor(isLanguage(language) ? language : "en") ?? i18nFor("en");
  const t = (key: string) => i18n?.t(key, { ns: "campaigns" }) ?? key;
  return pageMeta({
    title: name ?? (page === "table" ? t("meta.title") : t("meta.detailTitle")),
    description: page === "table" ? t("meta.description") : t("meta.detailDescription"),
    path,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
}
