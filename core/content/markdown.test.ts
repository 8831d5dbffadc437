import { describe, expect, it } from "vitest";
import { parseFrontMatter, renderMarkdown, slugify } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("gives every heading a unique id and lists it for a table of contents", () => {
    const { html, headings } = renderMarkdown(
      "# Title\n\n## Data *after* termination\n\nText.\n\n## Data after termination\n",
    );
    expect(headings).toEqual([
      { id: "title", text: "Title", depth: 1 },
      { id: "data-after-termination", text: "Data after termination", depth: 2 },
      { id: "data-after-termination-2", text: "Data after termination", depth: 2 },
    ]);
    expect(html).toContain('<h2 id="data-after-termination">Data <em>after</em> termination</h2>');
    expect(html).toContain("<p>Text.</p>");
  });

  it("lists heading text as written, and builds ids from it", () => {
    const { headings } = renderMarkdown("## Why ROAS & CPA don't add up\n");
    expect(headings).toEqual([{ id: "why-roas-cpa-don-t-add-up", text: "Why ROAS & CPA don't add up", depth: 2 }]);
  });

  it("renders tables and lists (GitHub-flavoured)", () => {
    const { html } = renderMarkdown("| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n");
    expect(html).toContain("<table>");
    expect(html).toContain("<li>two</li>");
  });
});

describe("parseFrontMatter", () => {
  it("splits flat key: value lines from the body", () => {
    expect(parseFrontMatter('---\ntitle: "Hello: world"\ndate: 2026-11-21\n---\n# Body\n')).toEqual({
      data: { title: "Hello: world", date: "2026-11-21" },
      body: "# Body\n",
    });
  });

  it("leaves a document without front matter whole", () => {
    expect(parseFrontMatter("# Body")).toEqual({ data: {}, body: "# Body" });
  });
});

describe("slugify", () => {
  it.each([
    ["GDPR & You", "gdpr-you"],
    ["Über uns", "uber-uns"],
    ["  ", ""],
  ])("%s → %s", (text, expected) => {
    expect(slugify(text)).toBe(expected);
  });
});
