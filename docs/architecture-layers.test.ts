import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/** The floors of the house, as docs/ARCHITECTURE.md draws them and .dependency-cruiser.cjs rules them. */
const FLOORS = ["server", "app", "core", "connectors", "adapters", "simulator"] as const;

interface ForbiddenRule {
  name: string;
  from: { path?: string };
  to: { path?: string; circular?: boolean };
}

function drawnArrows(): Set<string> {
  const page = readFileSync(new URL("./ARCHITECTURE.md", import.meta.url), "utf8");
  const diagram = page.match(/## Layers\s+```mermaid\n([\s\S]*?)```/)?.[1];
  if (!diagram) throw new Error("docs/ARCHITECTURE.md has no Mermaid diagram under ## Layers");
  return new Set([...diagram.matchAll(/^\s*(\w+) --> (\w+)\s*$/gm)].map(([, from, to]) => `${from}->${to}`));
}

function allowedArrows(): Set<string> {
  const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs") as { forbidden: ForbiddenRule[] };
  const layerRules = config.forbidden.filter((rule) => rule.from.path && rule.to.path);
  const isForbidden = (from: string, to: string) =>
    layerRules.some(
      (rule) =>
        new RegExp(rule.from.path as string).test(`${from}/x.ts`) &&
        new RegExp(rule.to.path as string).test(`${to}/x.ts`),
    );
  const allowed = new Set<string>();
  for (const from of FLOORS)
    for (const to of FLOORS) if (from !== to && !isForbidden(from, to)) allowed.add(`${from}->${to}`);
  return allowed;
}

describe("docs/ARCHITECTURE.md's layer diagram", () => {
  it("draws exactly the arrows between floors that .dependency-cruiser.cjs allows", () => {
    expect([...drawnArrows()].sort()).toEqual([...allowedArrows()].sort());
  });
});
