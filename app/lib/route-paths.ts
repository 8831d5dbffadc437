/** Paths the spec says "show the dashboard screen" until their own features arrive. */
export const DASHBOARD_SCREEN_PATHS: readonly string[] = [];

/** Links of ours that have no page of their own; they answer with a permanent redirect. */
export const PERMANENT_REDIRECTS: Record<string, string> = {
  "/terms": "/legal/terms",
  "/privacy": "/legal/privacy",
  "/settings": "/settings/general",
};

/** The legal documents that have pages. */
export const LEGAL_DOCUMENT_SLUGS = ["privacy", "terms", "cookies", "gdpr", "security", "dpa", "aup"] as const;

/** Public, indexable pages, for sitemap.xml. */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/features",
  "/pricing",
  "/api",
  "/api/reference",
  "/changelog",
  "/about",
  "/blog",
  "/careers",
  "/docs",
  "/help",
  "/press",
  "/partners",
  "/community",
  "/webinars",
  "/case-studies",
  "/legal",
  ...LEGAL_DOCUMENT_SLUGS.map((slug) => `/legal/${slug}`),
  "/login",
  "/signup",
] as const;
