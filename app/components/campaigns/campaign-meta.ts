import type { MetaDescriptor } from "react-router";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
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
  const t = metaTranslator(matches, "campaigns");
  return pageMeta({
    title: name ?? (page === "table" ? t("meta.title") : t("meta.detailTitle")),
    description: page === "table" ? t("meta.description") : t("meta.detailDescription"),
    path,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
}
