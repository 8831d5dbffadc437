import { beforeAll, describe, expect, it } from "vitest";
import { loadResources } from "#app/lib/i18n/catalogs.ts";
import { i18nFor } from "#app/lib/i18n/i18n.ts";
import type { Language } from "#app/lib/i18n/languages.ts";
import type { AuditEvent } from "#core/audit/audit-schemas.ts";
import { auditSentence } from "./audit-sentence.ts";

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: "e1",
  at: "2026-03-01T10:00:00.000Z",
  actor: { kind: "user", id: "u1", label: "Ada" },
  action: "member.role_changed",
  target: { type: "member", id: "m1", label: "Max" },
  details: { from: "analyst", to: "manager" },
  ipAddress: null,
  ...overrides,
});

function sentence(language: Language, overrides: Partial<AuditEvent>): string {
  const i18n = i18nFor(language);
  if (!i18n) throw new Error(`${language} is not loaded`);
  return auditSentence(i18n.getFixedT(language, "audit"), event(overrides));
}

beforeAll(async () => {
  await loadResources("de");
});

describe("an audit entry as a sentence", () => {
  it("names who, whom, and the roles before and after, in the reader's words", () => {
    expect(sentence("en", {})).toBe("Ada changed the role of Max from Analyst to Manager");
    expect(sentence("de", {})).toBe("Ada hat die Rolle von Max von Analyst zu Manager geändert");
  });

  it("says a rule's statuses in words, and what was created without details", () => {
    expect(
      sentence("en", {
        action: "rule.status_changed",
        target: { type: "rule", id: "r1", label: "Stop losers" },
        details: { from: "preview", to: "active" },
      }),
    ).toBe("Ada changed the rule Stop losers from Preview to Active");
    expect(
      sentence("en", {
        action: "api_key.created",
        actor: { kind: "api_key", id: "k", label: "API key “Scripts”" },
        target: { type: "api_key", id: "k2", label: "Reporting (adh_12345678…)" },
        details: null,
      }),
    ).toBe("API key “Scripts” created the API key Reporting (adh_12345678…)");
    expect(sentence("en", { action: "automation.paused", target: null, details: null })).toBe(
      "Ada paused all automation",
    );
  });
});
