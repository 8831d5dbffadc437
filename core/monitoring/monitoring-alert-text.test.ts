import { describe, expect, it } from "vitest";
import {
  ANOMALY_MESSAGES,
  CAMPAIGN_STOPPED_MESSAGES,
  type MonitoringMessageKey,
  monitoringAlertText,
  OPERATIONS_MESSAGES,
} from "./monitoring-alert-text.ts";

const messages: MonitoringMessageKey[] = [
  ...Object.values(ANOMALY_MESSAGES).flatMap((byMetric) =>
    Object.values(byMetric).flatMap((byDirection) => Object.values(byDirection)),
  ),
  ...Object.values(OPERATIONS_MESSAGES),
  ...Object.values(CAMPAIGN_STOPPED_MESSAGES),
];
const params = {
  campaign: "Brand – Search",
  platform: "Google Ads",
  currency: "EUR",
  date: "2026-03-01",
  actual: "€980.00",
  expected: "€250.00",
  low: "€180.00",
  high: "€360.00",
  error: "The platform did not answer.",
  issue: "budget_exhausted",
};

describe("monitoring's notification words", () => {
  it.each(["en", "es", "fr", "de"] as const)("read as whole sentences in %s, every placeholder filled", (language) => {
    const t = monitoringAlertText.textIn(language);
    for (const message of messages) {
      for (const key of [message.title, message.body]) {
        const text = t(key, params);
        expect(text, key).not.toBe(key);
        expect(text, key).not.toContain("{{");
      }
    }
    expect(t(ANOMALY_MESSAGES.campaign.spend.up.body, params)).toContain("€980.00");
  });
});
