import { extractLinks, extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { isWinAnsiEncodable, renderLegalPdf } from "./render-legal-pdf.ts";

async function readPdf(pdf: Buffer) {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(proxy, { mergePages: false });
  return { totalPages, pages: text, text: text.join("\n") };
}

/** pdf.js returns the words of a line with single spaces; wrapped lines may end up anywhere. */
function squash(text: string): string {
  return text.replace(/\s+/g, " ");
}

const SHORT = `## Who we are

Adhelm, Inc. ("**Adhelm**", "we") runs the *Service*. Read our [Cookie Policy](/legal/cookies).

### Contact

- Legal: \`legal@adhelm.com\`
- Support
  - nested item

1. First
2. Second

| Plan | Price |
| --- | --- |
| Starter | $49 per month |

> A quoted note.

---
`;

describe("renderLegalPdf", () => {
  it("returns a PDF holding the title, version, date, headings, lists and the table", async () => {
    const pdf = await renderLegalPdf({
      title: "Privacy Policy",
      version: "1.0",
      lastUpdated: "2026-11-21",
      markdown: SHORT,
      baseUrl: "https://adhelm.example",
    });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text, totalPages } = await readPdf(pdf);
    expect(totalPages).toBe(1);
    const flat = squash(text);
    for (const expected of [
      "Privacy Policy",
      "Version 1.0",
      "Last updated November 21, 2026",
      "Who we are",
      "Contact",
      "legal@adhelm.com",
      "nested item",
      "Starter",
      "$49 per month",
      "A quoted note.",
      "Page 1 of 1",
    ]) {
      expect(flat).toContain(expected);
    }
  });

  it("makes relative links absolute so they work from the downloaded file", async () => {
    const pdf = await renderLegalPdf({
      title: "Privacy Policy",
      version: "1.0",
      lastUpdated: "2026-11-21",
      markdown: SHORT,
      baseUrl: "https://adhelm.example",
    });
    const { links } = await extractLinks(await getDocumentProxy(new Uint8Array(pdf)));
    expect(links).toContain("https://adhelm.example/legal/cookies");
  });

  it("wraps a long document over several numbered pages", async () => {
    const paragraph =
      "Adhelm keeps your campaign data for as long as your subscription lasts, and the text of this sentence is long enough to wrap over more than one line of the page. ";
    const sections = Array.from(
      { length: 12 },
      (_, index) => `## Section ${index + 1}\n\n${paragraph.repeat(6)}\n\n- ${paragraph}\n- ${paragraph}\n`,
    );
    const pdf = await renderLegalPdf({
      title: "Terms of Service",
      version: "2.1",
      lastUpdated: "2026-11-21",
      markdown: sections.join("\n"),
    });
    const { totalPages, pages } = await readPdf(pdf);
    expect(totalPages).toBeGreaterThanOrEqual(4);
    pages.forEach((page, index) => {
      expect(squash(page)).toContain(`Page ${index + 1} of ${totalPages}`);
    });
    expect(squash(pages[0] ?? "")).toContain("Terms of Service");
    expect(squash(pages.at(-1) ?? "")).toContain("Section 12");
  });

  it("accepts tokens already lexed", async () => {
    const { Lexer } = await import("marked");
    const pdf = await renderLegalPdf({
      title: "Security",
      version: "1.0",
      lastUpdated: "2026-11-21",
      markdown: Lexer.lex("## Encryption\n\nAt rest and in transit."),
    });
    expect(squash((await readPdf(pdf)).text)).toContain("Encryption");
  });

  it("draws characters Helvetica cannot encode as look-alikes instead of garbage", async () => {
    const pdf = await renderLegalPdf({
      title: "Security",
      version: "1.0",
      lastUpdated: "2026-11-21",
      markdown: "## Limits\n\nN ≥ 2 → safe",
    });
    expect(squash((await readPdf(pdf)).text)).toContain("N >= 2 -> safe");
  });
});

describe("isWinAnsiEncodable", () => {
  it.each([
    ["Plain ASCII, quotes “like” this – and €5 • ok", true],
    ["Über façade §9", true],
    ["arrow →", false],
    ["emoji 🙂", false],
  ])("%s → %s", (text, expected) => {
    expect(isWinAnsiEncodable(text)).toBe(expected);
  });
});
