import { describe, expect, it } from "vitest";
import { getUserGuide } from "./docs.server.ts";

describe("the user guide", () => {
  const { html, headings } = getUserGuide();
  const headingTexts = headings.map((heading) => heading.text);

  it("has the four parts the docs promise, as second-level headings", () => {
    expect(headings.filter((heading) => heading.depth === 2).map((heading) => heading.text)).toEqual(
      expect.arrayContaining(["Getting started", "Connecting your platforms", "The dashboard", "The API"]),
    );
  });

  it.each(["Google Ads", "Microsoft Advertising", "Meta", "TikTok", "LinkedIn", "Shopify", "WooCommerce"])(
    "explains how to connect %s",
    (platform) => {
      expect(headingTexts).toContain(platform);
    },
  );

  it("documents the four API endpoints and bearer keys", () => {
    for (const endpoint of [
      "GET /api/v1/campaigns",
      "POST /api/v1/campaigns",
      "GET /api/v1/campaigns/{id}/metrics",
      "PUT /api/v1/campaigns/{id}",
    ])
      expect(html).toContain(`<code>${endpoint}</code>`);
    expect(html).toContain("Authorization: Bearer");
  });

  it("gives every heading a unique id for the table of contents", () => {
    const ids = headings.map((heading) => heading.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(html).toContain(`id="${id}"`);
  });
});
