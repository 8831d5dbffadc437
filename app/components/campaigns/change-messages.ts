/**
 * Core's messages about campaign changes (a refusal, a preview's problem, a campaign's result, a
 * logged platform answer) in the reader's language. Core keeps its English for the API; a fixed
 * sentence is its own key in "messages-campaigns", and a sentence core builds with figures or names
 * is recognized here and read from the "campaigns" catalog with the same values. Anything else (a
 * platform's own error text) is shown as it is.
 */
import type { i18n } from "i18next";
import { translateMessage } from "#app/lib/i18n/i18n.ts";

type Translate = i18n["t"];

/** "10,000" (as core writes figures) → 10000. */
const figure = (text: string) => Number(text.replaceAll(",", ""));

const PATTERNS: Array<{ pattern: RegExp; read: (t: Translate, match: RegExpMatchArray) => string }> = [
  {
    pattern: /^Change at most ([\d,]+) campaigns at once\.$/,
    read: (t, [, max = ""]) => t("campaigns:problems.tooManySelected", { max: figure(max) }),
  },
  {
    pattern:
      /^These filters match ([\d,]+) campaigns; change at most ([\d,]+) at once\. Narrow the filters and try again\.$/,
    read: (t, [, matching = "", max = ""]) =>
      t("campaigns:problems.tooManyMatching", { matching: figure(matching), max: figure(max) }),
  },
  {
    pattern: /^At most ([\d,]+) campaigns can be changed in one request; send the rest in another\.$/,
    read: (t, [, max = ""]) => t("campaigns:problems.tooManyPerRequest", { max: figure(max) }),
  },
  {
    pattern: /^([\d,]+) of these campaigns do not exist\.$/,
    read: (t, [, number = ""]) => t("campaigns:problems.missing", { number: figure(number) }),
  },
  {
    pattern: /^A budget change in percent is between (-?[\d,]+)% and \+([\d,]+)%\.$/,
    read: (t, [, min = "", max = ""]) => t("campaigns:problems.percentRange", { min: figure(min), max: figure(max) }),
  },
  {
    pattern: /^A reason is at most ([\d,]+) characters\.$/,
    read: (t, [, max = ""]) => t("campaigns:problems.reasonTooLong", { max: figure(max) }),
  },
  {
    pattern: /^The platform refused the change: (.*)$/s,
    read: (t, [, message = ""]) => t("campaigns:problems.refused", { message: translateChangeMessage(t, message) }),
  },
  {
    pattern: /^This campaign has changed since: (.+)\. Undoing would overwrite the later change\.$/s,
    read: (t, [, changes = ""]) => t("campaigns:problems.drifted", { changes: translateDrift(t, changes) }),
  },
  {
    pattern: /^(.+) accepted the change\.$/s,
    read: (t, [, platform = ""]) => t("campaigns:problems.accepted", { platform }),
  },
];

export function translateChangeMessage(t: Translate, message: string): string {
  for (const { pattern, read } of PATTERNS) {
    const match = message.match(pattern);
    if (match) return read(t, match);
  }
  return translateMessage(t, message);
}

/** "it is paused now, it is named “Brand” now": each part of what changed since, in core's order. */
function translateDrift(t: Translate, changes: string): string {
  const match = changes.match(
    /^(?:it is (enabled|paused|removed) now)?(?:, )?(its daily budget was set again)?(?:, )?(?:it is named “(.*)” now)?$/s,
  );
  if (!match) return changes;
  const [, status, budget, name] = match;
  const parts: string[] = [];
  if (status === "enabled") parts.push(t("campaigns:problems.driftEnabled"));
  if (status === "paused") parts.push(t("campaigns:problems.driftPaused"));
  if (status === "removed") parts.push(t("campaigns:problems.driftRemoved"));
  if (budget) parts.push(t("campaigns:problems.driftBudget"));
  if (name !== undefined) parts.push(t("campaigns:problems.driftName", { name }));
  return parts.join(", ");
}
