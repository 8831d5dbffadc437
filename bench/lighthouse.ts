// npm run bench:lighthouse: Lighthouse (mobile, the default config) on the production build with
// Debian's Chromium, median of three runs per page. Prints scores, LCP, TBT, CLS and transferred
// JS. A benchmark, never part of npm test.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfStale } from "#scripts/build-if-stale.ts";
import { startProductionServer } from "./production-server.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKilobytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The run whose performance score is the median, as Lighthouse's own docs recommend. */
function medianRun(runs: RunResult[]): RunResult {
  const target = median(runs.map((run) => run.scores.performance));
  return runs.find((run) => run.scores.performance === target) ?? (runs[0] as RunResult);
}

buildIfStale(() => {});
const server = await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});

try {
  // A blog post's address is read from the sitemap, so the bench follows the content.
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const firstPost = sitemap.match(/<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/)?.[1];
  const pages = ["/", "/pricing", "/features", "/blog", ...(firstPost ? [firstPost] : []), "/legal/privacy"];

  const rows: Array<[string, RunResult]> = [];
  for (const page of pages) {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.baseUrl}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = result.lhr;
      const scripts = (audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
      const jsBytes = scripts
        .filter((item) => item.resourceType === "Script")
        .reduce((total, item) => total + Number(item.transferSize ?? 0), 0);
      runs.push({
        scores: Object.fromEntries(
          CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)]),
        ) as RunResult["scores"],
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? 0,
        tbtMs: audits["total-blocking-time"]?.numericValue ?? 0,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
        jsKilobytes: jsBytes / 1024,
      });
    }
    rows.push([page, medianRun(runs)]);
  }

  const header = ["page", "perf", "a11y", "best", "seo", "LCP", "TBT", "CLS", "JS"];
  const lines = rows.map(([page, result]) => [
    page,
    ...CATEGORIES.map((category) => String(result.scores[category])),
    `${(result.lcpMs / 1000).toFixed(2)} s`,
    `${result.tbtMs.toFixed(0)} ms`,
    result.cls.toFixed(3),
    `${result.jsKilobytes.toFixed(1)} KB`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  console.log(`Lighthouse ${RUNS === 1 ? "single run" : `median of ${RUNS} runs`}, mobile (default config)`);
  console.log(format(header));
  for (const line of lines) console.log(format(line));
} finally {
  chrome.kill();
  await server.stop();
}
