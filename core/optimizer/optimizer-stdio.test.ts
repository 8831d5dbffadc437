import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { answerLine } from "./optimizer-stdio.ts";

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "scripts", "optimizer-stdio.ts");

/** Runs the real process: writes the lines, closes its input, returns everything it printed. */
function runProcess(lines: string[]): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code }));
    for (const line of lines) child.stdin.write(`${line}\n`);
    child.stdin.end();
  });
}

const dates = (count: number, last = "2026-02-28") => {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
};

function history(days: number, spend: number, perUnit: number) {
  return dates(days).map((date, i) => {
    const s = spend * (1 + 0.3 * Math.sin(i));
    const conversions = Math.round((perUnit * 100 * s) / (s + 100));
    return { date, spend: s, conversions, revenue: conversions * 40 };
  });
}

const firstDay = {
  day: "2026-03-01",
  objective: "conversions",
  budget: 1000,
  maxDailyChange: null,
  campaigns: [
    { id: "c1", min: 0, max: null, history: [] },
    { id: "c2", min: 100, max: 300, history: [] },
    { id: "c3", min: 0, max: null, history: [] },
  ],
};

const laterDay = {
  day: "2026-03-01",
  objective: "revenue",
  budget: 900,
  maxDailyChange: 0.3,
  campaigns: [
    { id: "strong", min: 0, max: null, history: history(60, 300, 0.4) },
    { id: "weak", min: 50, max: null, history: history(60, 300, 0.1) },
    { id: "capped", min: 0, max: 250, history: history(60, 300, 0.3) },
  ],
};

type Answer = { allocation?: Record<string, number>; error?: string };

describe("npm run optimizer:stdio", () => {
  it("answers each line with exactly one JSON line, errors included, and prints nothing else on stdout", async () => {
    const lines = [
      JSON.stringify(firstDay),
      "this is not json",
      JSON.stringify({ ...firstDay, objective: "clicks" }),
      JSON.stringify({ ...firstDay, budget: -5 }),
      "",
      JSON.stringify(laterDay),
    ];
    const { stdout, stderr, code } = await runProcess(lines);
    expect(code).toBe(0);
    const printed = stdout.split("\n");
    expect(printed.pop()).toBe("");
    expect(printed).toHaveLength(lines.length);
    const answers = printed.map((line) => JSON.parse(line) as Answer);
    for (const answer of answers) expect(Object.keys(answer)).toHaveLength(1);
    expect(answers.map((a) => (a.error ? "error" : "allocation"))).toEqual([
      "allocation",
      "error",
      "error",
      "error",
      "error",
      "allocation",
    ]);
    expect(answers[2]?.error).toMatch(/objective/);
    expect(answers[3]?.error).toMatch(/budget/);
    expect(stderr).toMatch(/answered 6/);
  });

  it("splits the first day evenly inside min and max, summing to the budget", () => {
    const answer = JSON.parse(answerLine(JSON.stringify(firstDay))) as Answer;
    const allocation = answer.allocation ?? {};
    expect(Object.keys(allocation).sort()).toEqual(["c1", "c2", "c3"]);
    expect(allocation.c2).toBeCloseTo(300, 6);
    expect(allocation.c1).toBeCloseTo(350, 6);
    expect(allocation.c3).toBeCloseTo(350, 6);
  });

  it("with history, stays within budget, min, max and the daily change, and favours the campaign that returns more", () => {
    const answer = JSON.parse(answerLine(JSON.stringify(laterDay))) as Answer;
    const allocation = answer.allocation ?? {};
    const total = Object.values(allocation).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(900 + 1e-9);
    for (const c of laterDay.campaigns) {
      const amount = allocation[c.id] ?? -1;
      const previous = c.history.at(-1)?.spend ?? 0;
      // Where the change window and [min, max] do not meet, min and max win.
      const max = c.max ?? Infinity;
      expect(amount).toBeGreaterThanOrEqual(Math.min(max, Math.max(c.min, previous * 0.7)) - 1e-9);
      expect(amount).toBeLessThanOrEqual(Math.min(max, previous * 1.3) + 1e-9);
    }
    expect(allocation.strong).toBeGreaterThan(allocation.weak ?? 0);
  });

  it("on the first days after the first, tries each campaign in turn at a larger share, within the bounds", () => {
    const boosted: string[] = [];
    for (let day = 1; day <= 4; day++) {
      const request = {
        day: `2026-03-0${day + 1}`,
        objective: "conversions",
        budget: 1000,
        maxDailyChange: null,
        campaigns: ["a", "b", "c", "d"].map((id) => ({
          id,
          min: 0,
          max: id === "d" ? 300 : null,
          history: dates(day, `2026-03-0${day}`).map((date) => ({ date, spend: 250, conversions: 5 })),
        })),
      };
      const allocation = (JSON.parse(answerLine(JSON.stringify(request))) as Answer).allocation ?? {};
      expect(Object.values(allocation).reduce((a, b) => a + b, 0)).toBeCloseTo(1000, 6);
      expect(allocation.d).toBeLessThanOrEqual(300 + 1e-9);
      const [top] = Object.entries(allocation).sort((x, y) => y[1] - x[1]);
      if (top && top[1] > 400) boosted.push(top[0]);
    }
    expect(boosted).toEqual(["a", "b", "c"]);
  });

  it("spends the whole budget on a lone campaign without a maximum, however far from its history", () => {
    const request = { ...laterDay, maxDailyChange: null, campaigns: [{ ...laterDay.campaigns[0], max: null }] };
    const answer = JSON.parse(answerLine(JSON.stringify(request))) as Answer;
    expect(answer.allocation?.strong).toBeCloseTo(900, 6);
  });

  it("answers the same request the same way (a stateless, seeded process)", () => {
    expect(answerLine(JSON.stringify(laterDay))).toBe(answerLine(JSON.stringify(laterDay)));
  });

  it("names what is wrong in a malformed request", () => {
    const cases: [unknown, RegExp][] = [
      [{ ...firstDay, day: "March 1st" }, /day/],
      [{ ...firstDay, campaigns: [] }, /campaigns/],
      [{ ...firstDay, campaigns: [{ id: "a", history: [{ date: "2026-02-28", spend: "ten" }] }] }, /spend/],
      [{ ...firstDay, campaigns: [firstDay.campaigns[0], firstDay.campaigns[0]] }, /unique/],
      [[1, 2, 3], /expected object/i],
    ];
    for (const [request, message] of cases) {
      const answer = JSON.parse(answerLine(JSON.stringify(request))) as Answer;
      expect(answer.error).toMatch(message);
    }
  });
});
