// npm run bench:lighthouse: Lighthouse on the production build with Debian's Chromium, median of
// three runs per page. The public pages on a phone (the default config); the signed-in dashboard
// and campaigns table on a phone and on a desktop, as the demo account the server seeds (signed
// in through the app's own sign-in route, bench/lighthouse-session.ts). Prints the scores, LCP,
// TBT, CLS, the page's JavaScript as transferred (gzip) and what the LCP element is. A benchmark,
// never part of npm test. LIGHTHOUSE_RUNS=1 for one run; LIGHTHOUSE_PAGES=/login,/dashboard to
// measure only some pages; LIGHTHOUSE_REPORTS=<dir> keeps each run's JSON report there.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { buildIfStale } from "#scripts/build-if-stale.ts";
import { DEMO_SERVER_ENV, demoSessionCookie } from "./lighthouse-session.ts";
import { startProductionServer } from "./production-server.ts";
import { routeChunks } from "./route-js.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type FormFactor = "mobile" | "desktop";

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKilobytes: number;
  lcpElement: string;
  failedAudits: string[];
}

interface Measured {
  page: string;
  formFactor: FormFactor;
  signedIn: boolean;
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

type AuditDetails = { items?: Array<Record<string, unknown>> } | undefined;

/** The LCP element, as Lighthouse's LCP breakdown names it. */
function lcpElementOf(details: AuditDetails): string {
  const node = details?.items?.find((item) => item.type === "node") as
    | { selector?: string; nodeLabel?: string }
    | undefined;
  return node ? `"${(node.nodeLabel ?? "").slice(0, 40)}" (${node.selector ?? ""})` : "";
}

buildIfStale(() => {});
const server = await startProductionServer(DEMO_SERVER_ENV);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});

try {
  // A blog post's address is read from the sitemap, so the bench follows the content.
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const firstPost = sitemap.match(/<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/)?.[1];
  const publicPages = [
    "/",
    "/pricing",
    "/features",
    "/blog",
    ...(firstPost ? [firstPost] : []),
    "/legal/privacy",
    "/login",
  ];
  const appPages = ["/dashboard", "/campaigns/mes-ads"];
  const only = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
  const wanted = (page: string) => !only || only.includes(page);
  const measured: Measured[] = [
    ...publicPages.filter(wanted).map((page) => ({ page, formFactor: "mobile" as const, signedIn: false })),
    ...appPages
      .filter(wanted)
      .flatMap((page) => (["mobile", "desktop"] as const).map((formFactor) => ({ page, formFactor, signedIn: true }))),
  ];
  const cookie = measured.some((entry) => entry.signedIn) ? await demoSessionCookie(server.baseUrl) : "";

  const rows: Array<[Measured, RunResult]> = [];
  for (const entry of measured) {
    const runs: RunResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const flags: Flags = {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        ...(entry.signedIn ? { extraHeaders: { cookie } } : {}),
      };
      const result = await lighthouse(
        `${server.baseUrl}${entry.page}`,
        flags,
        entry.formFactor === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${entry.page}`);
      const { categories, audits } = result.lhr;
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        const name = `${entry.page.replaceAll("/", "_") || "_"}-${entry.formFactor}-${run + 1}.json`;
        writeFileSync(path.join(reports, name), JSON.stringify(result.lhr));
      }
      if (result.lhr.finalDisplayedUrl.includes("/login") && entry.page !== "/login") {
        throw new Error(`${entry.page} redirected to the sign-in page: the session was not sent`);
      }
      const scripts = (audits["network-requests"]?.details as AuditDetails)?.items ?? [];
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
        lcpElement: lcpElementOf(audits["lcp-breakdown-insight"]?.details as AuditDetails),
        // What keeps a category below 100 (accessibility, best practices, SEO).
        failedAudits: Object.entries(categories)
          .filter(([id]) => id !== "performance")
          .flatMap(([, category]) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .filter((ref) => !(entry.signedIn && ref.id === "is-crawlable"))
          .map((ref) => ref.id),
      });
    }
    rows.push([entry, medianRun(runs)]);
  }

  const header = ["page", "device", "perf", "a11y", "best", "seo", "LCP", "TBT", "CLS", "JS", "route JS"];
  // The signed-in pages are noindex on purpose (is-crawlable): their SEO score says nothing.
  const lines = rows.map(([entry, result]) => [
    entry.page,
    entry.formFactor,
    ...CATEGORIES.map((category) => (entry.signedIn && category === "seo" ? "n/a" : String(result.scores[category]))),
    `${(result.lcpMs / 1000).toFixed(2)} s`,
    `${result.tbtMs.toFixed(0)} ms`,
    result.cls.toFixed(3),
    `${result.jsKilobytes.toFixed(1)} KB`,
    `${(routeChunks(entry.page).reduce((total, chunk) => total + chunk.gzipBytes, 0) / 1024).toFixed(1)} KB`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  console.log(
    `Lighthouse ${RUNS === 1 ? "single run" : `median of ${RUNS} runs`}; signed-in pages as the demo account`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  console.log(
    "JS: every script the page downloaded while Lighthouse watched (transfer size: gzip bodies and headers,",
    "charts and dialogs loaded after hydration included). route JS: the gzip size of what the first HTML",
    "loads before hydrating (entry, route modules and their imports; bench/route-js.ts).",
  );
  console.log("\nLCP element, and the audits that keep a category below 100:");
  for (const [entry, result] of rows) {
    const failed = result.failedAudits.length > 0 ? ` — failing: ${result.failedAudits.join(", ")}` : "";
    console.log(`  ${entry.page} (${entry.formFactor}): ${result.lcpElement || "?"}${failed}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
