import { LEGAL_DOCUMENT_SLUGS } from "./route-paths.ts";

export type LegalDocumentSlug = (typeof LEGAL_DOCUMENT_SLUGS)[number];

export interface LegalDocument {
  slug: LegalDocumentSlug;
  title: string;
  /** One sentence for the hub card and the page's meta description. */
  summary: string;
}

/** Date and version shown on every document page and PDF; bump both when a document's text changes. */
export const LEGAL_DOCUMENTS_LAST_UPDATED = "2026-11-26";
export const LEGAL_DOCUMENTS_VERSION = "1.1";

/** The addresses the legal pages' contact buttons write to; the texts name the same two. */
export const LEGAL_EMAIL = "legal@adhelm.com";
export const SUPPORT_EMAIL = "support@adhelm.com";

const TITLES: Record<LegalDocumentSlug, Omit<LegalDocument, "slug">> = {
  privacy: {
    title: "Privacy Policy",
    summary: "What personal data Adhelm collects, why we collect it, how long we keep it and the choices you have.",
  },
  terms: {
    title: "Terms of Service",
    summary:
      "The agreement that governs your use of Adhelm, including trials, subscriptions, billing and cancellation.",
  },
  cookies: {
    title: "Cookie Policy",
    summary: "Which cookies Adhelm sets, what each one is for, and how you can control them in your browser.",
  },
  gdpr: {
    title: "GDPR Compliance",
    summary: "How Adhelm meets the EU General Data Protection Regulation and how to exercise your rights under it.",
  },
  security: {
    title: "Security",
    summary: "How Adhelm protects your account, your ad platform connections and your campaign data.",
  },
  dpa: {
    title: "Data Processing Agreement",
    summary: "The terms under which Adhelm processes personal data on your behalf as your processor.",
  },
  aup: {
    title: "Acceptable Use Policy",
    summary: "What you may and may not do with Adhelm and the ad accounts you connect to it.",
  },
};

/** The documents with pages, in the order the hub and the side list show them. */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = LEGAL_DOCUMENT_SLUGS.map((slug) => ({
  slug,
  ...TITLES[slug],
}));

/** The legal document for a URL slug, or undefined when there is no such page. */
export function findLegalDocument(slug: string | undefined): LegalDocument | undefined {
  return LEGAL_DOCUMENTS.find((document) => document.slug === slug);
}

/** The resource route that serves a document as a PDF download. */
export function legalPdfPath(slug: LegalDocumentSlug): string {
  return `/legal/${slug}/pdf`;
}
