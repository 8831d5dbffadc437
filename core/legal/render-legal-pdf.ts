import { Lexer, type Token, type Tokens } from "marked";
import { formatCalendarDate } from "#core/shared/number-format.ts";

/**
 * Renders a legal document's Markdown to a PDF on the server with pdfkit's built-in Helvetica,
 * so no font files ship with the app. It handles what our legal texts use: headings, paragraphs
 * with bold, italic, code and links, nested lists, tables, block quotes and rules; every page gets
 * a footer with the page number, and every section a bookmark.
 */
export interface LegalPdfInput {
  title: string;
  version: string;
  /** `YYYY-MM-DD`. */
  lastUpdated: string;
  /** The document's Markdown, placeholders already filled; or the tokens marked's lexer made of it. */
  markdown: string | readonly Token[];
  /** Makes relative links ("/legal/cookies") absolute, so they work from a downloaded file. */
  baseUrl?: string;
}

const COMPANY = "Adhelm, Inc.";
const PAGE = { size: "LETTER", marginX: 64, marginTop: 64, marginBottom: 72 } as const;
const COLORS = { text: "#1f2430", muted: "#5b6170", heading: "#111522", link: "#2f4bc4", rule: "#d5d9e2" };
const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const HEADING_SIZES: Record<number, number> = { 1: 18, 2: 14, 3: 12 };
const LIST_INDENT = 16;
/** A table starts on a new page unless its header and a first row fit. */
const TABLE_MIN_HEIGHT = BODY_SIZE * 8;

type Doc = PDFKit.PDFDocument;

interface Segment {
  text: string;
  isBold?: boolean;
  isItalic?: boolean;
  isCode?: boolean;
  link?: string;
}

/** Characters beyond Latin-1 that the standard fonts' WinAnsi encoding still carries. */
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/** Whether Helvetica (WinAnsi) can draw every character of `text`. */
export function isWinAnsiEncodable(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const isLatin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    if (!isLatin1 && character !== "\n" && !WIN_ANSI_EXTRAS.includes(character)) return false;
  }
  return true;
}

const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "≤": "<=",
  "≥": ">=",
  "≈": "~",
  "\u2011": "-",
  "\u2212": "-",
  "\u202f": " ",
  "\u2009": " ",
};

/** Keeps text drawable: a few look-alikes are swapped in, anything else undrawable becomes "?". */
function toWinAnsi(text: string): string {
  if (isWinAnsiEncodable(text)) return text;
  let result = "";
  for (const character of text) {
    if (isWinAnsiEncodable(character)) result += character;
    else result += REPLACEMENTS[character] ?? "?";
  }
  return result;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

function absoluteUrl(href: string, baseUrl: string | undefined): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  if (!baseUrl) return href;
  return new URL(href, `${baseUrl.replace(/\/$/, "")}/`).toString();
}

/** Flattens inline tokens into runs of one style each. */
function inlineSegments(
  tokens: readonly Token[] | undefined,
  baseUrl: string | undefined,
  style: Omit<Segment, "text"> = {},
): Segment[] {
  const segments: Segment[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        segments.push(...inlineSegments((token as Tokens.Strong).tokens, baseUrl, { ...style, isBold: true }));
        break;
      case "em":
        segments.push(...inlineSegments((token as Tokens.Em).tokens, baseUrl, { ...style, isItalic: true }));
        break;
      case "del":
        segments.push(...inlineSegments((token as Tokens.Del).tokens, baseUrl, style));
        break;
      case "codespan":
        segments.push({ ...style, text: decodeEntities((token as Tokens.Codespan).text), isCode: true });
        break;
      case "link": {
        const link = token as Tokens.Link;
        segments.push(...inlineSegments(link.tokens, baseUrl, { ...style, link: absoluteUrl(link.href, baseUrl) }));
        break;
      }
      case "br":
        segments.push({ ...style, text: "\n" });
        break;
      case "html":
        break;
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens?.length) segments.push(...inlineSegments(text.tokens, baseUrl, style));
        else segments.push({ ...style, text: decodeEntities(text.text) });
        break;
      }
      default:
        if ("text" in token && typeof token.text === "string")
          segments.push({ ...style, text: decodeEntities(token.text) });
    }
  }
  return segments;
}

function plainText(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join("");
}

function fontFor(segment: Omit<Segment, "text">): string {
  if (segment.isCode) return "Courier";
  if (segment.isBold && segment.isItalic) return "Helvetica-BoldOblique";
  if (segment.isBold) return "Helvetica-Bold";
  if (segment.isItalic) return "Helvetica-Oblique";
  return "Helvetica";
}

interface Block {
  /** Left edge of the block, in points from the page's left edge. */
  x: number;
  width: number;
}

class LegalPdfWriter {
  private readonly doc: Doc;
  private readonly baseUrl: string | undefined;

  constructor(doc: Doc, baseUrl: string | undefined) {
    this.doc = doc;
    this.baseUrl = baseUrl;
  }

  private get contentBlock(): Block {
    const { margins, width } = this.doc.page;
    return { x: margins.left, width: width - margins.left - margins.right };
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.doc.page.maxY()) this.doc.addPage();
  }

  /** Writes styled runs as one wrapped paragraph at the block's left edge. */
  private writeSegments(segments: readonly Segment[], block: Block, size = BODY_SIZE, color = COLORS.text): void {
    const runs = segments.filter((segment) => segment.text.length > 0);
    if (runs.length === 0) return;
    const doc = this.doc;
    doc.fontSize(size);
    runs.forEach((run, index) => {
      const isLast = index === runs.length - 1;
      doc.font(fontFor(run)).fillColor(run.link ? COLORS.link : color);
      const options: PDFKit.Mixins.TextOptions = {
        width: block.width,
        lineGap: LINE_GAP,
        continued: !isLast,
        link: run.link ?? null,
        underline: Boolean(run.link),
      };
      const text = toWinAnsi(run.text);
      if (index === 0) doc.text(text, block.x, doc.y, options);
      else doc.text(text, options);
    });
    doc.fillColor(COLORS.text).font("Helvetica");
  }

  /** `next` is the block after the heading: it decides how much room the heading needs below it. */
  private heading(token: Tokens.Heading, block: Block, next: Token | undefined): void {
    const doc = this.doc;
    const size = HEADING_SIZES[token.depth] ?? 11;
    const segments = inlineSegments(token.tokens, this.baseUrl, { isBold: true });
    // A heading never sits alone at the foot of a page: it keeps a few lines of what follows.
    this.ensureSpace(size * 2 + (next?.type === "table" ? TABLE_MIN_HEIGHT : BODY_SIZE * 4));
    doc.moveDown(token.depth <= 2 ? 0.9 : 0.6);
    if (token.depth <= 2) doc.outline.addItem(toWinAnsi(plainText(segments)));
    this.writeSegments(segments, block, size, COLORS.heading);
    doc.moveDown(0.35);
  }

  private paragraph(tokens: readonly Token[] | undefined, block: Block): void {
    this.ensureSpace(BODY_SIZE * 2);
    this.writeSegments(inlineSegments(tokens, this.baseUrl), block);
    this.doc.moveDown(0.55);
  }

  private list(token: Tokens.List, block: Block): void {
    const doc = this.doc;
    const start = typeof token.start === "number" ? token.start : 1;
    token.items.forEach((item, index) => {
      const marker = token.ordered ? `${start + index}.` : "\u2022";
      const itemBlock = { x: block.x + LIST_INDENT, width: block.width - LIST_INDENT };
      this.ensureSpace(BODY_SIZE * 2);
      const markerY = doc.y;
      doc.font("Helvetica").fontSize(BODY_SIZE).fillColor(COLORS.text);
      doc.text(marker, block.x + (token.ordered ? 0 : 4), markerY, { width: LIST_INDENT, lineBreak: false });
      doc.y = markerY;
      this.blocks(item.tokens, itemBlock, true);
    });
    doc.x = block.x;
  }

  private table(token: Tokens.Table, block: Block): void {
    const doc = this.doc;
    const cell = (cellToken: Tokens.TableCell) => toWinAnsi(plainText(inlineSegments(cellToken.tokens, this.baseUrl)));
    // Columns share the width by how much they hold, within bounds, so a long description gets room.
    const weights = token.header.map((header, column) => {
      const longest = Math.max(
        ...[header, ...token.rows.map((row) => row[column])].map((c) => (c ? cell(c).length : 0)),
      );
      return Math.min(Math.max(longest, 10), 60);
    });
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
    this.ensureSpace(TABLE_MIN_HEIGHT);
    doc.moveDown(0.2);
    doc
      .font("Helvetica")
      .fontSize(BODY_SIZE - 1.5)
      .fillColor(COLORS.text);
    doc.table({
      position: { x: block.x, y: doc.y },
      maxWidth: block.width,
      columnStyles: weights.map((weight) => ({ width: (block.width * weight) / totalWeight })),
      defaultStyle: { border: 0.5, borderColor: COLORS.rule, padding: 5 },
      data: [
        token.header.map((header) => ({
          text: cell(header),
          type: "TH" as const,
          font: { src: "Helvetica-Bold" },
          backgroundColor: "#eef1f6",
        })),
        ...token.rows.map((row) => row.map((rowCell) => cell(rowCell))),
      ],
    });
    doc.x = block.x;
    doc.font("Helvetica").fontSize(BODY_SIZE);
    doc.moveDown(0.8);
  }

  private blockquote(token: Tokens.Blockquote, block: Block): void {
    const doc = this.doc;
    const startY = doc.y;
    const startPage = doc.bufferedPageRange().count;
    this.blocks(token.tokens, { x: block.x + 12, width: block.width - 12 });
    // The bar is drawn only when the quote stayed on one page; across a break it would be wrong.
    if (doc.bufferedPageRange().count === startPage) {
      doc
        .moveTo(block.x + 2, startY)
        .lineTo(block.x + 2, doc.y - BODY_SIZE * 0.5)
        .lineWidth(2)
        .strokeColor(COLORS.rule)
        .stroke();
    }
  }

  private rule(block: Block): void {
    const doc = this.doc;
    doc.moveDown(0.3);
    doc
      .moveTo(block.x, doc.y)
      .lineTo(block.x + block.width, doc.y)
      .lineWidth(0.75)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.moveDown(0.8);
  }

  private code(token: Tokens.Code, block: Block): void {
    const doc = this.doc;
    this.ensureSpace(BODY_SIZE * 3);
    doc
      .font("Courier")
      .fontSize(BODY_SIZE - 1)
      .fillColor(COLORS.text);
    doc.text(toWinAnsi(token.text), block.x + 8, doc.y, { width: block.width - 8, lineGap: LINE_GAP });
    doc.font("Helvetica").fontSize(BODY_SIZE);
    doc.moveDown(0.6);
  }

  /** Writes block tokens; `isTight` is a tight list item, whose text comes as a bare text token. */
  blocks(tokens: readonly Token[], block: Block = this.contentBlock, isTight = false): void {
    tokens.forEach((token, index) => {
      switch (token.type) {
        case "heading":
          this.heading(
            token as Tokens.Heading,
            block,
            tokens.slice(index + 1).find((following) => following.type !== "space"),
          );
          break;
        case "paragraph":
          this.paragraph((token as Tokens.Paragraph).tokens, block);
          break;
        case "text": {
          const text = token as Tokens.Text;
          this.writeSegments(
            text.tokens ? inlineSegments(text.tokens, this.baseUrl) : [{ text: decodeEntities(text.text) }],
            block,
          );
          this.doc.moveDown(isTight ? 0.3 : 0.55);
          break;
        }
        case "list":
          this.list(token as Tokens.List, block);
          if (!isTight) this.doc.moveDown(0.25);
          break;
        case "table":
          this.table(token as Tokens.Table, block);
          break;
        case "blockquote":
          this.blockquote(token as Tokens.Blockquote, block);
          break;
        case "hr":
          this.rule(block);
          break;
        case "code":
          this.code(token as Tokens.Code, block);
          break;
        case "html": {
          const text = (token as Tokens.HTML).text.replace(/<[^>]+>/g, "").trim();
          if (text) this.paragraph([{ type: "text", raw: text, text } as Tokens.Text], block);
          break;
        }
        default:
          // "space" and "def" tokens draw nothing.
          break;
      }
    });
  }

  titleBlock(input: LegalPdfInput): void {
    const doc = this.doc;
    const { x, width } = this.contentBlock;
    doc.font("Helvetica-Bold").fontSize(9).fillColor(COLORS.link).text(COMPANY.toUpperCase(), x, doc.y, {
      width,
      characterSpacing: 0.8,
    });
    doc.moveDown(0.4);
    doc.font("Helvetica-Bold").fontSize(24).fillColor(COLORS.heading).text(toWinAnsi(input.title), { width });
    doc.moveDown(0.3);
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor(COLORS.muted)
      .text(`Version ${toWinAnsi(input.version)}  \u00b7  Last updated ${formatDate(input.lastUpdated)}`, { width });
    doc.moveDown(0.8);
    this.rule({ x, width });
  }

  /** Page numbers go on last, when the page count is known; the bottom margin is lifted to write there. */
  footers(input: LegalPdfInput): void {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const { margins, width, height } = doc.page;
      const bottomMargin = margins.bottom;
      margins.bottom = 0;
      const y = height - bottomMargin / 2 - 4;
      const footerWidth = width - margins.left - margins.right;
      doc.font("Helvetica").fontSize(8).fillColor(COLORS.muted);
      doc.text(
        `${COMPANY}  \u00b7  ${toWinAnsi(input.title)}  \u00b7  Version ${toWinAnsi(input.version)}`,
        margins.left,
        y,
        {
          width: footerWidth,
          lineBreak: false,
        },
      );
      doc.text(`Page ${index - range.start + 1} of ${range.count}`, margins.left, y, {
        width: footerWidth,
        align: "right",
        lineBreak: false,
      });
      margins.bottom = bottomMargin;
    }
  }
}

/** "2026-11-21" → "November 21, 2026", in UTC like the web page. */
function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatCalendarDate(isoDate, "en-US", "long");
}

export async function renderLegalPdf(input: LegalPdfInput): Promise<Buffer> {
  // Loaded on the first PDF: most processes never make one, and pdfkit weighs ~30 MB.
  const { default: PDFDocument } = await import("pdfkit");
  const tokens = typeof input.markdown === "string" ? Lexer.lex(input.markdown, { gfm: true }) : input.markdown;
  const createdAt = new Date(`${input.lastUpdated}T00:00:00Z`);
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.marginTop, bottom: PAGE.marginBottom, left: PAGE.marginX, right: PAGE.marginX },
    bufferPages: true,
    lang: "en-US",
    displayTitle: true,
    info: {
      Title: `${input.title} (Version ${input.version})`,
      Author: COMPANY,
      Subject: `${input.title} of Adhelm`,
      ...(Number.isNaN(createdAt.getTime()) ? {} : { CreationDate: createdAt, ModDate: createdAt }),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const writer = new LegalPdfWriter(doc, input.baseUrl);
  writer.titleBlock(input);
  writer.blocks(tokens);
  writer.footers(input);
  doc.end();
  return done;
}
