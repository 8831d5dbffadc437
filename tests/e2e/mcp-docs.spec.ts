/**
 * The MCP server's documentation: the /api page's MCP section and the user guide's chapter, with a
 * configuration to copy for a desktop MCP client; accessible in light and dark, wide and narrow.
 * Screenshots go to data/screenshots/mcp/ for review.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { axeViolations } from "#tests/support/axe.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";

const browser = setupBrowser();
const SHOTS = path.join("data", "screenshots", "mcp");
mkdirSync(SHOTS, { recursive: true });

const TOOLS = [
  "query_metrics",
  "list_campaigns",
  "explain_change",
  "goals_and_pacing",
  "preview_rule",
  "optimizer_recommendations",
  "propose_change",
];

describe("the /api page's MCP section", () => {
  it.each([
    ["light", 1440],
    ["dark", 1440],
    ["light", 375],
    ["dark", 375],
  ] as const)("lists the tools and a Claude Desktop configuration (%s, %ipx)", async (colorScheme, width) => {
    const page = await browser.newPage({ colorScheme, viewport: { width, height: 900 } });
    await page.goto("/api#mcp");
    const section = page.getByRole("region", { name: "Bring your AI agent to your ad data" });
    expect(await section.isVisible()).toBe(true);
    const text = (await section.textContent()) ?? "";
    for (const tool of TOOLS) expect(text).toContain(tool);
    const desktop = section.getByRole("region", { name: "Claude Desktop configuration" });
    const config = JSON.parse((await desktop.textContent()) ?? "{}");
    expect(config.mcpServers.adhelm).toMatchObject({
      command: "npx",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote's own placeholder, expanded from env.
      args: ["mcp-remote", `${baseUrl()}/api/mcp`, "--header", "Authorization:${AUTH_HEADER}"],
    });
    expect(await section.getByRole("region", { name: "Streamable HTTP client configuration" }).textContent()).toContain(
      "claude mcp add --transport http adhelm",
    );
    // Nothing in the section is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await section.screenshot({ path: path.join(SHOTS, `api-mcp-${colorScheme}-${width}.png`) });
  });
});

describe("the user guide's MCP chapter", () => {
  it.each([
    ["light", 1440],
    ["dark", 375],
  ] as const)("is in the contents and shows the configurations (%s, %ipx)", async (colorScheme, width) => {
    const page = await browser.newPage({ colorScheme, viewport: { width, height: 900 } });
    await page.goto("/docs");
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "MCP server for AI agents", exact: true }).click();
    await page.waitForURL("**/docs#mcp-server-for-ai-agents");
    const heading = page.getByRole("heading", { name: "MCP server for AI agents", level: 2 });
    expect(await heading.isVisible()).toBe(true);
    const main = (await page.getByRole("main").textContent()) ?? "";
    for (const text of ["/api/mcp", "mcp-remote", "mcpServers", "confirm: true", ...TOOLS])
      expect(main).toContain(text);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `docs-mcp-${colorScheme}-${width}.png`) });
  });
});
