import { describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import {
  assessCreativeFatigue,
  FATIGUE_CTR_DROP,
  FATIGUE_FREQUENCY_RISE,
  FATIGUE_MIN_WINDOW_IMPRESSIONS,
  FATIGUE_SPEND_RISE,
  type FatigueDay,
} from "./creative-fatigue.ts";

const LAUNCH = "2026-10-01";
const AS_OF = "2026-10-30";

interface Phase {
  impressions?: number;
  ctr?: number;
  frequency?: number | null;
  spendMinor?: number;
}

/**
 * 30 days of a creative: its first 7 days as `first`, the days between like the first, and the
 * last 7 days as `recent` (each field defaults to the first days' value).
 */
function series(first: Phase, recent: Phase = {}): FatigueDay[] {
  const base = { impressions: 20_000, ctr: 0.02, frequency: 1.25 as number | null, spendMinor: 10_000, ...first };
  const late = { ...base, ...recent };
  return Array.from({ length: 30 }, (_, index) => {
    const phase = index >= 23 ? late : base;
    return {
      date: addDays(LAUNCH, index),
      impressions: phase.impressions,
      clicks: Math.round(phase.impressions * phase.ctr),
      reach: phase.frequency === null ? null : Math.round(phase.impressions / phase.frequency),
      spendMinor: phase.spendMinor,
    };
  });
}

describe("creative fatigue", () => {
  it("marks a creative tired when its CTR fell while its frequency rose, with the evidence", () => {
    const verdict = assessCreativeFatigue(series({}, { ctr: 0.012, frequency: 2.5 }), AS_OF);
    expect(verdict.status).toBe("tired");
    expect(verdict.evidence).toMatchObject({
      first: { window: { from: LAUNCH, to: "2026-10-07" }, ctr: 0.02, frequency: 1.25, dailySpendMinor: 10_000 },
      recent: { window: { from: "2026-10-24", to: AS_OF }, frequency: 2.5 },
      reasons: ["ctr_fell", "frequency_rose"],
    });
    expect(verdict.evidence?.recent.ctr).toBeCloseTo(0.012, 6);
    expect(verdict.evidence?.ctrChange).toBeCloseTo(-0.4, 6);
    expect(verdict.evidence?.frequencyChange).toBeCloseTo(1, 6);
  });

  it("marks it tired when its CTR fell while its daily spend rose, without reach", () => {
    const verdict = assessCreativeFatigue(
      series({ frequency: null }, { ctr: 0.012, spendMinor: 20_000, frequency: null }),
      AS_OF,
    );
    expect(verdict.status).toBe("tired");
    expect(verdict.evidence?.reasons).toEqual(["ctr_fell", "spend_rose"]);
    expect(verdict.evidence?.first.frequency).toBeNull();
    expect(verdict.evidence?.spendChange).toBeCloseTo(1, 6);
  });

  it("keeps it healthy when the CTR fell but neither frequency nor spend rose", () => {
    const verdict = assessCreativeFatigue(series({}, { ctr: 0.012 }), AS_OF);
    expect(verdict).toMatchObject({ status: "healthy", evidence: { reasons: ["ctr_fell"] } });
  });

  it("keeps it healthy when frequency and spend rose but the CTR held", () => {
    const verdict = assessCreativeFatigue(series({}, { frequency: 3, spendMinor: 30_000 }), AS_OF);
    expect(verdict).toMatchObject({ status: "healthy", evidence: { reasons: ["frequency_rose", "spend_rose"] } });
  });

  describe("each threshold, on both sides", () => {
    // Just past and just short of each threshold, the other conditions clearly met.
    const aboveDrop = 0.02 * (1 - FATIGUE_CTR_DROP - 0.02);
    const belowDrop = 0.02 * (1 - FATIGUE_CTR_DROP + 0.02);

    it("CTR drop", () => {
      expect(assessCreativeFatigue(series({}, { ctr: aboveDrop, frequency: 2.5 }), AS_OF).status).toBe("tired");
      expect(assessCreativeFatigue(series({}, { ctr: belowDrop, frequency: 2.5 }), AS_OF).status).toBe("healthy");
    });

    it("significance: the same relative drop on few clicks is noise", () => {
      // 40% lower, but on 1,400 impressions a window (a handful of clicks a day): not significant.
      const thin = { impressions: 200, ctr: 0.01 };
      const verdict = assessCreativeFatigue(series(thin, { ...thin, ctr: 0.006, frequency: 2.5 }), AS_OF);
      expect(verdict.evidence?.ctrChange).toBeLessThan(-FATIGUE_CTR_DROP);
      expect(verdict.evidence?.reasons).not.toContain("ctr_fell");
      expect(verdict.status).toBe("healthy");
    });

    it("frequency rise", () => {
      const rise = (by: number) => series({}, { ctr: 0.012, frequency: 1.25 * (1 + by) });
      expect(assessCreativeFatigue(rise(FATIGUE_FREQUENCY_RISE + 0.02), AS_OF).status).toBe("tired");
      expect(assessCreativeFatigue(rise(FATIGUE_FREQUENCY_RISE - 0.02), AS_OF).status).toBe("healthy");
    });

    it("spend rise", () => {
      const rise = (by: number) => series({}, { ctr: 0.012, spendMinor: Math.round(10_000 * (1 + by)) });
      expect(assessCreativeFatigue(rise(FATIGUE_SPEND_RISE + 0.02), AS_OF).status).toBe("tired");
      expect(assessCreativeFatigue(rise(FATIGUE_SPEND_RISE - 0.02), AS_OF).status).toBe("healthy");
    });

    it("impressions a window needs", () => {
      const perDay = (total: number) => Math.ceil(total / 7);
      const enough = { impressions: perDay(FATIGUE_MIN_WINDOW_IMPRESSIONS) * 4, ctr: 0.05 };
      const tooFew = { impressions: perDay(FATIGUE_MIN_WINDOW_IMPRESSIONS) - 20, ctr: 0.05 };
      expect(assessCreativeFatigue(series(enough, { ctr: 0.01, frequency: 2.5 }), AS_OF).status).toBe("tired");
      const thin = assessCreativeFatigue(series(tooFew, { ctr: 0.01, frequency: 2.5 }), AS_OF);
      expect(thin.status).toBe("insufficient_data");
      expect(thin.evidence?.first.impressions).toBeLessThan(FATIGUE_MIN_WINDOW_IMPRESSIONS);
    });
  });

  it("needs its first days and the recent days apart: a creative of 13 days is too new", () => {
    const young = series({}, { ctr: 0.005, frequency: 3 }).filter((day) => day.date >= "2026-10-18");
    expect(assessCreativeFatigue(young, AS_OF)).toEqual({ status: "insufficient_data", evidence: null });
    expect(assessCreativeFatigue([], AS_OF)).toEqual({ status: "insufficient_data", evidence: null });
  });

  it("measures from the first day with delivery, and ignores days after the range", () => {
    const idle = [{ date: "2026-09-20", impressions: 0, clicks: 0, reach: 0, spendMinor: 0 }];
    const later = [{ date: "2026-11-05", impressions: 100_000, clicks: 10_000, reach: 1_000, spendMinor: 1 }];
    const verdict = assessCreativeFatigue([...idle, ...series({}, { ctr: 0.012, frequency: 2.5 }), ...later], AS_OF);
    expect(verdict.status).toBe("tired");
    expect(verdict.evidence?.first.window.from).toBe(LAUNCH);
    expect(verdict.evidence?.recent.window.to).toBe(AS_OF);
  });
});
