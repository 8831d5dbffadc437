/**
 * A rule and its run in the reader's words: the conditions keep their and/or structure (the
 * stop-loss is "A or (B and C)", not three loose lines), the list's short line says how many more,
 * and what a run did or held back is told from its codes in the reader's language and the
 * campaign's currency, with core's English only for a platform's own failure text.
 */
import type { i18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import { ruleTemplate } from "#core/rules/rule-templates.ts";
import type { RuleActionResult } from "#core/rules/rule-types.ts";
import { metricFormat } from "#core/shared/number-format.ts";
import { actionResultTextFor } from "./action-result-text.ts";
import { ruleTextFor } from "./use-rule-text.ts";

let en: i18n["t"];
let de: i18n["t"];

beforeAll(async () => {
  await Promise.all([loadResources("en"), loadResources("de")]);
  const rulesT = (language: "en" | "de") => {
    const loaded = i18nFor(language);
    if (!loaded) throw new Error(`no catalogs for ${language}`);
    return loaded.getFixedT(language, "rules");
  };
  en = rulesT("en");
  de = rulesT("de");
});

const stopLoss = ruleTemplate("stop_loss").definition;

describe("a rule in words", () => {
  it("joins the stop-loss's groups with or and a group's conditions with and", () => {
    const text = ruleTextFor(en, metricFormat("en-US"), "USD");
    expect(text.conditions(stopLoss)).toBe(
      "CPA > 1.5 × Target CPA · last 3 mature days or (Conversions = 0 · last 3 mature days and Spend > 1.5 × Target CPA · last 3 days)",
    );
    expect(text.rule(stopLoss)).toMatch(
      /^Pause, add the label “paused-by-stop-loss”,? and notify \(In-app, Email\) when CPA > 1\.5 × Target CPA · last 3 mature days or \(/,
    );
  });

  it("keeps the list's line short: the first condition, the word after it and how many more", () => {
    const text = ruleTextFor(en, metricFormat("en-US"), "USD");
    expect(text.rule(stopLoss, { isShort: true })).toMatch(
      / when CPA > 1\.5 × Target CPA · last 3 mature days or … \(\+2 more conditions\)$/,
    );
    const single = { ...stopLoss, conditions: { match: "all" as const, groups: [stopLoss.conditions.groups[0]!] } };
    expect(text.rule(single, { isShort: true })).toMatch(/ when CPA > 1\.5 × Target CPA · last 3 mature days$/);
  });

  it("reads in German with German words and numbers", () => {
    const text = ruleTextFor(de, metricFormat("de-DE"), "EUR");
    expect(text.conditions(stopLoss)).toContain(" oder (");
    expect(text.conditions(stopLoss)).toContain("1,5 ×");
    expect(text.rule(stopLoss)).toMatch(/^Pausieren, Label „paused-by-stop-loss“ hinzufügen und benachrichtigen/);
  });
});

describe("what a run did, in words", () => {
  const result = (fields: Partial<RuleActionResult>): RuleActionResult => ({
    kind: "pause",
    outcome: "would_apply",
    message: "English words from core.",
    changeId: null,
    ...fields,
  });

  it("tells a budget change in the campaign's currency and the reader's locale, with its cap", () => {
    const action = result({
      kind: "change_budget",
      reason: "ceiling",
      before: { dailyBudgetMinor: 5000 },
      after: { dailyBudgetMinor: 6000 },
    });
    expect(actionResultTextFor(en, metricFormat("en-US"), "EUR", "UTC").detail(action)).toBe(
      "Daily budget €50.00 → €60.00 (held at the ceiling)",
    );
    expect(actionResultTextFor(de, metricFormat("de-DE"), "EUR", "UTC").detail(action)).toBe(
      "Tagesbudget 50,00\u00a0€ → 60,00\u00a0€ (an der Obergrenze gehalten)",
    );
  });

  it("tells a pause by its statuses and a label by its name", () => {
    const text = actionResultTextFor(de, metricFormat("de-DE"), "EUR", "UTC");
    const pause = result({ before: { status: "enabled" }, after: { status: "paused" } });
    expect(text.change(pause)).toEqual({ before: "Aktiv", after: "Pausiert" });
    expect(text.detail(result({ kind: "add_label", label: "winner" }))).toBe("„winner“");
  });

  it("tells why an action or a campaign was held back from its code, not core's English", () => {
    const text = actionResultTextFor(de, metricFormat("de-DE"), "EUR", "Europe/Berlin");
    expect(text.detail(result({ outcome: "skipped", reason: "already_paused" }))).toBe("Bereits pausiert.");
    expect(text.detail(result({ kind: "add_label", outcome: "skipped", reason: "has_label", label: "winner" }))).toBe(
      "Hat das Label „winner“ bereits.",
    );
    expect(
      text.campaignHeldBack({ reason: "cooldown", until: "2026-11-27T14:00:00.000Z", message: "In cooldown." }),
    ).toMatch(/^In der Sperrfrist bis 27\.11\.2026, 15:00:/);
  });

  it("shows a platform's own failure text as it came", () => {
    const text = actionResultTextFor(en, metricFormat("en-US"), "USD", "UTC");
    expect(text.detail(result({ outcome: "failed", message: "Meta refused: budget too low." }))).toBe(
      "Meta refused: budget too low.",
    );
  });
});
