import { describe, expect, it } from "vitest";
import { addDays } from "#core/dates/calendar-date.ts";
import { paceGroup, pacePlan, pacingFrame, studentT90, weekdayFactorsOf } from "./budget-pacing-forecast.ts";

/** A seeded generator (mulberry32) and standard normal draws (Box-Muller). */
function random(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

/** Spend per day from `from` up to (not including) `until`. */
function series(from: string, until: string, spendOn: (date: string) => number): Map<string, number> {
  const days = new Map<string, number>();
  for (let date = from; date < until; date = addDays(date, 1)) days.set(date, spendOn(date));
  return days;
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

describe("the even curve", () => {
  // June 2026 has 30 days; on the 16th, 15 complete days have gone by.
  const today = "2026-06-16";
  const steady = series("2026-04-01", today, () => 10_000);
  const frame = pacingFrame({ today, curve: "even", spendByDate: steady, dataFrom: "2026-04-01" });

  it("spreads the budget evenly and finds a steady spender on track", () => {
    const pacing = pacePlan(frame, { budgetMinor: 300_000, spendByDate: steady, dataFrom: "2026-04-01" });
    expect(frame.curveUsed).toBe("even");
    expect(pacing.days).toHaveLength(30);
    expect(pacing.days[0]?.idealMinor).toBe(10_000);
    expect(pacing.days[14]?.idealMinor).toBe(150_000);
    expect(pacing.days[29]?.idealMinor).toBe(300_000);
    expect(pacing.spentMinor).toBe(150_000);
    expect(pacing.idealToDateMinor).toBe(160_000);
    // Days to come are projected, past days carry the actual cumulative spend.
    expect(pacing.days[14]).toMatchObject({ actualMinor: 150_000, projected: null });
    expect(pacing.days[29]?.actualMinor).toBeNull();
    expect(pacing.projection).toEqual({ meanMinor: 300_000, lowMinor: 300_000, highMinor: 300_000 });
    expect(pacing).toMatchObject({
      status: "on_track",
      alert: null,
      reliable: true,
      suggestedDailyBudgetMinor: 10_000,
    });
  });

  it("asks today for what lands the month on budget", () => {
    // Half the budget is planned but only 100,000 spent: 200,000 left over 15 days.
    const slow = series("2026-04-01", today, (date) => (date >= "2026-06-01" ? 100_000 / 15 : 10_000));
    const pacing = pacePlan(frame, { budgetMinor: 300_000, spendByDate: slow, dataFrom: "2026-04-01" });
    expect(pacing.suggestedDailyBudgetMinor).toBe(Math.round(200_000 / 15));
  });

  it("calls a clear overspend over, and a month already past its budget over whatever the projection", () => {
    const fast = series("2026-04-01", today, () => 15_000);
    expect(pacePlan(frame, { budgetMinor: 300_000, spendByDate: fast, dataFrom: "2026-04-01" })).toMatchObject({
      status: "over",
      alert: "over",
      suggestedDailyBudgetMinor: Math.round(75_000 / 15),
    });
    const spent = pacePlan(frame, { budgetMinor: 100_000, spendByDate: fast, dataFrom: "2026-04-01" });
    expect(spent).toMatchObject({ status: "over", alert: "over", suggestedDailyBudgetMinor: 0 });
  });

  it("trusts no projection made on fewer than five complete days", () => {
    const young = series("2026-06-13", today, () => 1_000);
    const pacing = pacePlan(frame, { budgetMinor: 300_000, spendByDate: young, dataFrom: "2026-06-13" });
    expect(pacing).toMatchObject({ status: "under", alert: null, reliable: false, historyDays: 3 });
  });
});

describe("the weekday curve", () => {
  // Weekends spend half what weekdays do.
  const today = "2026-06-16";
  const history = series("2026-04-01", today, (date) => (isWeekend(date) ? 5_000 : 10_000));

  it("measures each weekday's share over the last eight weeks", () => {
    const factors = weekdayFactorsOf(history, today, "2026-04-01");
    const mean = (5_000 * 2 + 10_000 * 5) / 7;
    expect(factors?.[0]).toBeCloseTo(5_000 / mean, 6);
    expect(factors?.[3]).toBeCloseTo(10_000 / mean, 6);
  });

  it("weights the ideal by weekday, lands on the budget, and asks less of a weekend day", () => {
    const frame = pacingFrame({ today, curve: "weekday", spendByDate: history, dataFrom: "2026-04-01" });
    expect(frame.curveUsed).toBe("weekday");
    const pacing = pacePlan(frame, { budgetMinor: 300_000, spendByDate: history, dataFrom: "2026-04-01" });
    const daily = pacing.days.map((day, index) => (day.idealMinor ?? 0) - (pacing.days[index - 1]?.idealMinor ?? 0));
    // 2026-06-06 is a Saturday, 2026-06-08 a Monday.
    expect(daily[5]).toBeGreaterThan(0);
    expect((daily[7] ?? 0) / (daily[5] ?? 1)).toBeCloseTo(2, 1);
    expect(pacing.days[29]?.idealMinor).toBe(300_000);
    // A month that spends with the weekday pattern lands on a budget of what it spends.
    const month = [...series("2026-06-01", "2026-07-01", (date) => (isWeekend(date) ? 5_000 : 10_000)).values()];
    const budgetMinor = month.reduce((sum, spend) => sum + spend, 0);
    const onPlan = pacePlan(frame, { budgetMinor, spendByDate: history, dataFrom: "2026-04-01" });
    expect(onPlan.projection.meanMinor).toBe(budgetMinor);
    expect(onPlan.status).toBe("on_track");
    const saturday = pacingFrame({
      today: "2026-06-20",
      curve: "weekday",
      spendByDate: history,
      dataFrom: "2026-04-01",
    });
    const monday = pacingFrame({ today: "2026-06-22", curve: "weekday", spendByDate: history, dataFrom: "2026-04-01" });
    const ask = (frame: typeof saturday) =>
      pacePlan(frame, { budgetMinor: 300_000, spendByDate: new Map(), dataFrom: "2026-04-01" })
        .suggestedDailyBudgetMinor;
    expect(ask(saturday)).toBeLessThan(ask(monday));
  });

  it("falls back to even while the history is too short to tell the weekdays apart", () => {
    const frame = pacingFrame({ today, curve: "weekday", spendByDate: history, dataFrom: "2026-06-08" });
    expect(frame).toMatchObject({ curve: "weekday", curveUsed: "even", weekdayFactors: null });
  });
});

describe("the projection's 80% interval", () => {
  it.each([
    ["a noisy steady spender", 0.3, "2026-06-16"],
    ["a very noisy one early in the month", 0.6, "2026-06-04"],
  ])("covers about four month ends in five for %s", (_, cv, today) => {
    const draw = random(cv * 1000);
    const trials = 2000;
    let inside = 0;
    let below = 0;
    for (let trial = 0; trial < trials; trial += 1) {
      const level = 5_000 + draw.uniform() * 20_000;
      const spendOn = (date: string) => Math.max(0, level * (isWeekend(date) ? 0.7 : 1.12) * (1 + cv * draw.normal()));
      const history = series("2026-04-01", today, spendOn);
      const frame = pacingFrame({ today, curve: "even", spendByDate: history, dataFrom: "2026-04-01" });
      const pacing = pacePlan(frame, { budgetMinor: 1_000_000, spendByDate: history, dataFrom: "2026-04-01" });
      let actual = pacing.days.find((day) => day.date === addDays(today, -1))?.actualMinor ?? 0;
      for (let date = today; date <= "2026-06-30"; date = addDays(date, 1)) actual += spendOn(date);
      if (actual >= pacing.projection.lowMinor && actual <= pacing.projection.highMinor) inside += 1;
      else if (actual < pacing.projection.lowMinor) below += 1;
    }
    expect(inside / trials).toBeGreaterThan(0.75);
    expect(inside / trials).toBeLessThan(0.86);
    // The misses fall on both sides.
    expect(below / trials).toBeGreaterThan(0.05);
    expect(below / trials).toBeLessThan(0.15);
  });

  it("uses Student's quantile for the few days it measures", () => {
    expect(studentT90(13)).toBeCloseTo(1.35, 2);
    expect(studentT90(4)).toBeCloseTo(1.533, 1);
    expect(studentT90(1000)).toBeCloseTo(1.2816, 2);
  });
});

describe("a group", () => {
  const today = "2026-06-16";
  const frame = pacingFrame({ today, curve: "even", spendByDate: new Map(), dataFrom: "2026-04-01" });
  const spend = series("2026-04-01", today, () => 2_000);

  it.each([
    [{ minMonthlyMinor: 90_000, maxMonthlyMinor: null }, "under"],
    [{ minMonthlyMinor: null, maxMonthlyMinor: 40_000 }, "over"],
    [{ minMonthlyMinor: 50_000, maxMonthlyMinor: 70_000 }, "on_track"],
    [{ minMonthlyMinor: null, maxMonthlyMinor: null }, "on_track"],
  ] as const)("paces against its minimum and maximum (%o → %s)", (bounds, status) => {
    const pacing = paceGroup(frame, { ...bounds, spendByDate: spend, dataFrom: "2026-04-01" });
    expect(pacing.status).toBe(status);
    expect(pacing.spentMinor).toBe(30_000);
    expect(pacing.projection.meanMinor).toBe(60_000);
    expect(pacing.days[29]?.idealHighMinor ?? null).toBe(bounds.maxMonthlyMinor);
  });
});
