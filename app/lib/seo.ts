import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Adhelm";
/** The app icon doubles as the social preview image (a square, for the "summary" card). */
const SOCIAL_IMAGE = { path: "/icon-512.png", width: 512, height: 512, alt: "The Adhelm logo" } as const;

interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/pricing". */
  path: string;
  appUrl: string | undefined;
  /** App screens and error pages are not for search engines. */
  isIndexable?: boolean;
  /** schema.org objects, each rendered by <Meta> as a `<script type="application/ld+json">`. */
  structuredData?: ReadonlyArray<Record<string, unknown>>;
}

/** Title, description, canonical URL, OpenGraph and Twitter tags, and JSON-LD for one route. */
export function pageMeta({
  title,
  description,
  path,
  appUrl,
  isIndexable = true,
  structuredData = [],
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const origin = appUrl ?? "";
  const canonical = `${origin}${path}`;
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "en_US" },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: SOCIAL_IMAGE.alt },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: SOCIAL_IMAGE.alt },
    ...(isIndexable ? [] : [{ name: "robots", content: "noindex" }]),
    ...structuredData.map((data) => ({ "script:ld+json": data })),
  ];
}

/** The root loader's APP_URL, read from a meta function's matches. */
export function appUrlFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { appUrl?: string } | undefined;
  return root?.appUrl;
}
