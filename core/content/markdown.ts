import { Marked, type Tokens } from "marked";

export interface MarkdownHeading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  /** Every heading with the id its element carries, for a table of contents. */
  headings: MarkdownHeading[];
}

/** "Data after termination" → "data-after-termination". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Marked escapes heading text; a table of contents wants it as written ("don't", not "don&#39;t"). */
function decodeEntities(html: string): string {
  return html.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, code: string) => {
    if (/^#x/i.test(code)) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Renders our own Markdown content (blog posts, legal documents, docs) to HTML on the server.
 * Headings get stable ids so a table of contents can link to them. The sources are files in the
 * repository, never user input, so raw HTML in them is trusted.
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  const headings: MarkdownHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading["tokens"]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const plain = decodeEntities(inner.replace(/<[^>]+>/g, ""));
        const base = slugify(plain) || "section";
        const count = used.get(base) ?? 0;
        used.set(base, count + 1);
        const id = count === 0 ? base : `${base}-${count + 1}`;
        headings.push({ id, text: plain, depth: token.depth });
        return `<h${token.depth} id="${escapeHtml(id)}">${inner}</h${token.depth}>\n`;
      },
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, headings };
}

export interface FrontMatterDocument {
  /** `key: value` lines of the block between the opening and closing `---`. */
  data: Record<string, string>;
  body: string;
}

/** Splits a `---` front-matter block (flat `key: value` lines) from a Markdown body. */
export function parseFrontMatter(source: string): FrontMatterDocument {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const separator = line.indexOf(":");
    if (separator <= 0) continue;
    const key = line.slice(0, separator).trim();
    const value = line
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (key) data[key] = value;
  }
  return { data, body: source.slice(match[0].length) };
}
