import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { gitHubApiBase } from "#core/accounts/github-provider.ts";
import { BUILD_DIR } from "#scripts/build-if-stale.ts";
import { startServer } from "#server/main.ts";
import { baseUrl, setupBrowser } from "#tests/support/browser.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";

const browser = setupBrowser();

function toast(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

async function nextGitHubUser(user: { id: number; login: string; name: string | null; email: string }) {
  await fetch(`${inject("gitHubUrl")}/__next-user`, { method: "PUT", body: JSON.stringify(user) });
}

describe("GitHub sign-in (GitHub Enterprise Server at GITHUB_URL)", () => {
  it("creates the account and profile on first sign-in and lands on the dashboard", async () => {
    const id = Math.floor(Math.random() * 1e9);
    const email = `mona-${id}@example.com`;
    await nextGitHubUser({ id, login: `mona${id}`, name: "Mona Lisa Octocat", email });
    const page = await browser.newPage();
    await page.goto("/signup");
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    // The authorize page is the GitHub server's, under {GITHUB_URL}/login/oauth/.
    await page.waitForURL(`${inject("gitHubUrl")}/login/oauth/authorize?**`);
    await page.getByRole("link", { name: "Authorize" }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole("heading", { name: "Welcome, Mona" }).waitFor();

    // The token and the API calls went to the same server: /login/oauth/access_token and /api/v3.
    const calls = (await (await fetch(`${inject("gitHubUrl")}/__requests`)).json()) as string[];
    expect(calls).toEqual(
      expect.arrayContaining(["POST /login/oauth/access_token", "GET /api/v3/user", "GET /api/v3/user/emails"]),
    );

    // A second sign-in finds the same account.
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.getByRole("link", { name: "Authorize" }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole("heading", { name: "Welcome, Mona" }).waitFor();
  });

  it.each([
    ["/login", "GitHub sign in failed"],
    ["/signup", "GitHub sign up failed"],
  ])("on %s, a refusal at GitHub shows %s with the provider's message", async (path, title) => {
    const page = await browser.newPage();
    await page.goto(path);
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(`${baseUrl()}${path}`);
    await toast(page, title).waitFor();
    await toast(page, "The user has denied your application access.").waitFor();
  });

  it("uses api.github.com for github.com and /api/v3 for an Enterprise server", () => {
    expect(gitHubApiBase("https://github.com")).toBe("https://api.github.com");
    expect(gitHubApiBase("https://github.example.com/")).toBe("https://github.example.com/api/v3");
  });

  it("still shows the button without a client id, and says GitHub sign-in is not configured", async () => {
    const dataDir = mkdtempSync(path.join(TEST_DATA_DIR, "no-github-"));
    const server = await startServer({
      env: testEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir }),
      buildDir: BUILD_DIR,
    });
    try {
      const page = await browser.newPage({ baseURL: server.url });
      await page.goto("/login");
      await page.getByRole("button", { name: "Continue with GitHub" }).click();
      await toast(page, "GitHub sign in failed").waitFor();
      await toast(page, "GitHub sign-in is not configured on this server.").waitFor();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
