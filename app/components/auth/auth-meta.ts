import type { MetaDescriptor } from "react-router";
import { metaTranslator } from "#app/lib/i18n/meta-translator.ts";
import { appUrlFrom, pageMeta } from "#app/lib/seo.ts";

/** Each auth screen's title and description, as catalog keys ("auth" namespace). */
const PAGES = {
  login: { title: "meta.login.title", description: "meta.login.description" },
  signup: { title: "meta.signup.title", description: "meta.signup.description" },
  forgotPassword: { title: "meta.forgotPassword.title", description: "meta.forgotPassword.description" },
  resetPassword: { title: "meta.resetPassword.title", description: "meta.resetPassword.description" },
  verifyEmail: { title: "meta.verifyEmail.title", description: "meta.verifyEmail.description" },
  callback: { title: "meta.callback.title", description: "meta.callback.description" },
} as const;

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/**
 * The auth screens' meta tags in the reader's language (the root loader's, whose catalogs are
 * loaded before any meta function runs; English is always there).
 */
export function authPageMeta(
  matches: Matches,
  { page, path, isIndexable = false }: { page: keyof typeof PAGES; path: string; isIndexable?: boolean },
): MetaDescriptor[] {
  const t = metaTranslator(matches, "auth");
  return pageMeta({
    title: t(PAGES[page].title),
    description: t(PAGES[page].description),
    path,
    appUrl: appUrlFrom(matches),
    isIndexable,
  });
}
