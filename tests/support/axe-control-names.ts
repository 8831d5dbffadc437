import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const RULE_ID = "control-name-unique";
const CHECK_ID = "control-name-unique-purpose";

interface NamedControl {
  name: string;
  purpose: string;
  target: string;
}

/**
 * axe-core with one more rule: controls (buttons, links, tabs, menu items) that do different things
 * must not share an accessible name, or a screen reader's list of controls offers five "Connect"s.
 * What a control does: a link's address; a submit button's form (its action and hidden fields); a
 * button that opens something, what it controls; any other button is its own purpose. Controls
 * that do the same thing (two links to one page) may share a name. Hidden controls are not judged.
 *
 * Returns one readable line per name shared by controls that do different things; [] when none.
 */
export async function duplicateControlNames(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const controls = (await page.evaluate(
    async ({ ruleId, checkId }) => {
      type VirtualNode = { actualNode: Element };
      type CheckContext = { data: (value: unknown) => void };
      const axe = (
        window as unknown as {
          axe: {
            configure: (spec: object) => void;
            commons: { text: { accessibleTextVirtual: (node: VirtualNode) => string } };
            run: (
              context: Document,
              options: object,
            ) => Promise<{
              passes: Array<{ id: string; nodes: Array<{ target: string[]; any: Array<{ data: unknown }> }> }>;
            }>;
          };
        }
      ).axe;
      const purposeOf = (element: Element): string => {
        if (element instanceof HTMLAnchorElement) return `link:${element.href}`;
        const form = element instanceof HTMLButtonElement ? element.form : null;
        if (form && (element as HTMLButtonElement).type === "submit") {
          const hidden = [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")]
            .map((input) => `${input.name}=${input.value}`)
            .join("&");
          return `form:${form.action}?${hidden}&${(element as HTMLButtonElement).name}=${(element as HTMLButtonElement).value}`;
        }
        const controlled = element.getAttribute("aria-controls");
        if (controlled) return `controls:${controlled}`;
        // Nothing says what it does: it counts as doing its own thing.
        return `element:${Math.random()}`;
      };
      axe.configure({
        checks: [
          {
            id: checkId,
            evaluate(this: CheckContext, node: Element, _options: unknown, virtualNode: VirtualNode) {
              this.data({ name: axe.commons.text.accessibleTextVirtual(virtualNode).trim(), purpose: purposeOf(node) });
              return true;
            },
          },
        ],
        rules: [
          {
            id: ruleId,
            selector: "button, a[href], [role='button'], [role='link'], [role='tab'], [role='menuitem']",
            excludeHidden: true,
            tags: ["adhelm"],
            any: [checkId],
            all: [],
            none: [],
          },
        ],
      });
      const result = await axe.run(document, { runOnly: { type: "rule", values: [ruleId] } });
      return (result.passes.find((rule) => rule.id === ruleId)?.nodes ?? []).map((node) => ({
        ...(node.any[0]?.data as { name: string; purpose: string }),
        target: node.target.join(" "),
      }));
    },
    { ruleId: RULE_ID, checkId: CHECK_ID },
  )) as NamedControl[];

  const byName = new Map<string, NamedControl[]>();
  for (const control of controls) {
    if (!control.name) continue;
    const key = control.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), control]);
  }
  return [...byName.values()]
    .filter((named) => new Set(named.map((control) => control.purpose)).size > 1)
    .map(
      (named) =>
        `"${named[0]?.name}" names ${named.length} controls that do different things: ${named.map((control) => control.target).join(", ")}`,
    );
}
