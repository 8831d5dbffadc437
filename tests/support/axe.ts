import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's WCAG 2.1 AA and best-practice violations on the page, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged as a person sees them once things stop moving: a toast still fading in is
  // half transparent, and axe would measure its text against the page behind it.
  // A colour transition (a switch to the dark scheme, a hover fading out) is finished at once: its end
  // is what a person sees, and a half-faded colour measured mid-way is not a real contrast fault.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.id = "axe-no-transitions";
    style.textContent = "*, *::before, *::after { transition: none !important; }";
    document.head.append(style);
  });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
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
    document.getElementById("axe-no-transitions")?.remove();
    return result.violations;
  })) as AxeViolation[];
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
