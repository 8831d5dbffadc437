import { describe, expect, it } from "vitest";
import { fillLegalPlaceholders, joinWithAnd, planTableMarkdown } from "./fill-legal-placeholders.ts";

describe("fillLegalPlaceholders", () => {
  it("fills the trial, the yearly discount and each plan's facts from the catalog", () => {
    expect(
      fillLegalPlaceholders(
        "A {{trial-days}}-day trial of {{ trial-plan }}; yearly saves {{yearly-discount}} in {{currency}}. " +
          "{{plan.starter.name}}: {{plan.starter.price}}, {{plan.starter.ad-accounts}} ad accounts, " +
          "{{plan.starter.team-members}} members, {{plan.starter.api-calls}} calls, {{plan.starter.exports}}. " +
          "{{plan.enterprise.name}}: {{plan.enterprise.price}}, {{plan.enterprise.ad-accounts}} ad accounts, " +
          "{{plan.professional.exports}}.",
      ),
    ).toBe(
      "A 14-day trial of Professional; yearly saves 20% in USD. " +
        "Starter: $49 per month, 3 ad accounts, 2 members, 10,000 calls, CSV. " +
        "Enterprise: custom pricing, unlimited ad accounts, CSV, Excel and API.",
    );
  });

  it("refuses a placeholder it does not know, so a typo cannot reach a published text", () => {
    expect(() => fillLegalPlaceholders("{{plan.starter.prize}}")).toThrow("Unknown placeholder {{plan.starter.prize}}");
  });

  it("leaves text without placeholders alone", () => {
    expect(fillLegalPlaceholders("Plain { braces } stay.")).toBe("Plain { braces } stay.");
  });
});

describe("planTableMarkdown", () => {
  it("is a GitHub table with a row per plan", () => {
    expect(planTableMarkdown().split("\n")).toEqual([
      "| Plan | Price | Ad accounts | Team members | API calls per month | Data export |",
      "| --- | --- | --- | --- | --- | --- |",
      "| Starter | $49 per month, or $39.20 per month billed yearly ($470.40 a year) | 3 | 2 | 10,000 | CSV |",
      "| Professional | $149 per month, or $119.20 per month billed yearly ($1,430.40 a year) | 15 | 10 | 100,000 | CSV, Excel and API |",
      "| Enterprise | Custom pricing | Unlimited | Unlimited | Unlimited | CSV, Excel and API |",
    ]);
  });
});

describe("joinWithAnd", () => {
  it.each([
    [[], ""],
    [["CSV"], "CSV"],
    [["CSV", "Excel"], "CSV and Excel"],
    [["CSV", "Excel", "API"], "CSV, Excel and API"],
  ])("%j → %s", (items, expected) => {
    expect(joinWithAnd(items)).toBe(expected);
  });
});
