import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Adhelm";

interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/pricing". */
  path: string;
  appUrl: string | undefined;
  /** App screens and error pages are not for search engines. */
  isIndexable?: boolean;
}

/** Title, description, canonical URL and social tags for one route. */
export function pageMeta({ title, description, path, appUrl, isIndexable = true }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const canonical = `${appUrl ?? ""}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
    ...(isIndexable ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

/** The root loader's APP_URL, read from a meta function's matches. */
export function appUrlFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { appUrl?: string } | undefined;
  return root?.appUrl;
}
