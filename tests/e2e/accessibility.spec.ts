import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { newSignedInPage } from "../support/accounts.ts";
import { setupBrowser } from "../support/browser.ts";

const browser = setupBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[] }>;
}

describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  it.each([
    ["/", "light"],
    ["/", "dark"],
    ["/pricing", "light"],
    ["/legal/privacy", "dark"],
    ["/login", "light"],
    ["/dashboard", "light"],
    ["/dashboard", "dark"],
    ["/preferences", "dark"],
    ["/no-such-page", "light"],
  ] as const)("%s in %s has no violations", async (path, colorScheme) => {
    const options = { colorScheme, viewport: { width: 1280, height: 800 } };
    const isAppScreen = path === "/dashboard" || path === "/preferences";
    const page = isAppScreen ? await newSignedInPage(browser, options) : await browser.newPage(options);
    await page.goto(path);
    await page.addScriptTag({ content: axeSource });
    const violations = (await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
      });
      return result.violations;
    })) as AxeViolation[];
    const summary = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
    expect(summary).toEqual([]);
  });
});
