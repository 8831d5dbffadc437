import type { MetaDescriptor } from "react-router";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

const PAGES = {
  list: { title: "meta.listTitle", description: "meta.listDescription" },
  new: { title: "meta.newTitle", description: "meta.newDescription" },
  rule: { title: "meta.ruleTitle", description: "meta.ruleDescription" },
  run: { title: "meta.runTitle", description: "meta.runDescription" },
} as const;

/** The rules screens' meta tags in the reader's language; a rule's page is titled by its name. */
export function rulePageMeta(
  matches: Matches,
  { page, path, name }: { page: keyof typeof PAGES; path: string; name?: string },
): MetaDescriptor[] {
  const t = metaTranslator(matches, "rules");
  return pageMeta({
    title: name ?? t(PAGES[page].title),
    description: t(PAGES[page].description),
    path,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });
}
