import { type MarkdownHeading, renderMarkdown, slugify } from "#core/content/markdown.ts";
import { fillLegalPlaceholders } from "#core/legal/fill-legal-placeholders.ts";
import { renderLegalPdf } from "#core/legal/render-legal-pdf.ts";
import {
  LEGAL_DOCUMENTS_LAST_UPDATED,
  LEGAL_DOCUMENTS_VERSION,
  type LegalDocument,
  type LegalDocumentSlug,
} from "./legal-documents.ts";

// Bundled into the server build at build time, so production needs no content/ directory.
const SOURCES = import.meta.glob<string>("../../content/legal/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export interface LegalDocumentContent {
  /** The Markdown with every plan placeholder filled from the catalog. */
  markdown: string;
  html: string;
  /** Every heading with its id; the table of contents lists the `##` ones. */
  headings: MarkdownHeading[];
}

const contentCache = new Map<LegalDocumentSlug, LegalDocumentContent>();
const pdfCache = new Map<string, Promise<Buffer>>();

function sourceOf(slug: LegalDocumentSlug): string {
  const source = SOURCES[`../../content/legal/${slug}.md`];
  if (source === undefined) throw new Error(`content/legal/${slug}.md is missing`);
  return source;
}

/** A document's text, rendered once per process: the sources are part of the build. */
export function getLegalDocumentContent(slug: LegalDocumentSlug): LegalDocumentContent {
  let content = contentCache.get(slug);
  if (!content) {
    const markdown = fillLegalPlaceholders(sourceOf(slug));
    content = { markdown, ...renderMarkdown(markdown) };
    contentCache.set(slug, content);
  }
  return content;
}

/** "adhelm-privacy-policy.pdf". */
export function legalPdfFilename(document: LegalDocument): string {
  return `adhelm-${slugify(document.title)}.pdf`;
}

/** The document as a PDF; made once per document and base URL, then served from memory. */
export function getLegalDocumentPdf(document: LegalDocument, baseUrl: string): Promise<Buffer> {
  const key = `${document.slug} ${baseUrl}`;
  let pdf = pdfCache.get(key);
  if (!pdf) {
    pdf = renderLegalPdf({
      title: document.title,
      version: LEGAL_DOCUMENTS_VERSION,
      lastUpdated: LEGAL_DOCUMENTS_LAST_UPDATED,
      markdown: getLegalDocumentContent(document.slug).markdown,
      baseUrl,
    });
    // A failure is not remembered: the next request tries again.
    pdf.catch(() => pdfCache.delete(key));
    pdfCache.set(key, pdf);
  }
  return pdf;
}
