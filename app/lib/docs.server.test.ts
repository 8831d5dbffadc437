import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  campaignListSchema,
  campaignMetricsSchema,
  createCampaignBodySchema,
  errorEnvelopeSchema,
  updateCampaignBodySchema,
} from "#core/public-api/public-api-schemas.ts";
import { getUserGuide } from "./docs.server.ts";

const GUIDE_SOURCE = readFileSync(new URL("../../content/docs/user-guide.md", import.meta.url), "utf8");

/** The Markdown under a third-level heading of the guide, up to the next heading. */
function sectionOf(title: string): string {
  const start = GUIDE_SOURCE.indexOf(`\n### ${title}\n`);
  expect(start, title).toBeGreaterThan(-1);
  const rest = GUIDE_SOURCE.slice(start + title.length + 6);
  const end = rest.search(/\n#{2,3} /);
  return end === -1 ? rest : rest.slice(0, end);
}

const jsonAnswerOf = (section: string): unknown => JSON.parse(/```json\n([\s\S]*?)\n```/.exec(section)?.[1] ?? "");
const requestBodyOf = (section: string): unknown => JSON.parse(/ -d '([\s\S]*?)'/.exec(section)?.[1] ?? "");

/** The issues the API's own schema finds in an example; none for an example the API would send or accept. */
function issuesOf(schema: z.ZodType, example: unknown): string[] {
  const parsed = schema.safeParse(example);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

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

  it("shows the API's own shapes in its examples, as the API's schemas read them", () => {
    expect(issuesOf(campaignListSchema, jsonAnswerOf(sectionOf("List campaigns")))).toEqual([]);
    expect(issuesOf(createCampaignBodySchema, requestBodyOf(sectionOf("Create a campaign")))).toEqual([]);
    expect(issuesOf(campaignMetricsSchema, jsonAnswerOf(sectionOf("Get campaign metrics")))).toEqual([]);
    expect(issuesOf(updateCampaignBodySchema, requestBodyOf(sectionOf("Update a campaign")))).toEqual([]);
    expect(issuesOf(errorEnvelopeSchema, jsonAnswerOf(sectionOf("Errors and rate limits")))).toEqual([]);
  });
});
