import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Our machines have no network beyond package registries: keep Chromium from calling home.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * Chromium logs every non-2xx answer as "Failed to load resource". A 404 document, and a 4xx
 * answer of our API or an action that the page turns into a message (the tests assert those),
 * are expected.
 */
function isExpectedFailure(text: string, url: string): boolean {
  if (!text.startsWith("Failed to load resource")) return false;
  if (text.includes("status of 404")) return true;
  const path = new URL(url, "http://x").pathname;
  // /api/… is our API; *.data is React Router's channel for loaders and actions; /asset-uploads
  // answers a refused upload with the message the upload list shows.
  return (
    /status of 4\d\d/.test(text) && (path.startsWith("/api/") || path.endsWith(".data") || path === "/asset-uploads")
  );
}

export function baseUrl(): string {
  return inject("baseUrl");
}

export interface BrowserSession {
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * One Chromium per test file; each test gets fresh contexts. A console error or an uncaught
 * page error (a CSP violation among them) fails the test.
 */
export function setupBrowser(): BrowserSession {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    const errors = pageErrors;
    pageErrors = [];
    if (errors.length > 0) throw new Error(`The page reported errors:\n${errors.join("\n")}`);
  });

  return {
    async newPage(options = {}) {
      const context = await browser.newContext({ baseURL: baseUrl(), ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.on("console", (message) => {
        if (message.type() === "error" && !isExpectedFailure(message.text(), message.location().url))
          pageErrors.push(message.text());
      });
      page.on("pageerror", (error) => pageErrors.push(error.message));
      // A person can only use a page once React has hydrated it; so must a test.
      // Below the test timeout, so a stuck step fails with its own message.
      page.setDefaultTimeout(10_000);
      const goto = page.goto.bind(page);
      page.goto = async (url, gotoOptions) => {
        const response = await goto(url, gotoOptions);
        const isFullLoad = !gotoOptions?.waitUntil || gotoOptions.waitUntil === "load";
        if (isFullLoad && response?.headers()["content-type"]?.includes("text/html"))
          await page.waitForSelector("html[data-hydrated]", { state: "attached" });
        return response;
      };
      // A reload is a full load too: wait for React as after goto.
      const reload = page.reload.bind(page);
      page.reload = async (reloadOptions) => {
        const response = await reload(reloadOptions);
        const isFullLoad = !reloadOptions?.waitUntil || reloadOptions.waitUntil === "load";
        if (isFullLoad && response?.headers()["content-type"]?.includes("text/html"))
          await page.waitForSelector("html[data-hydrated]", { state: "attached" });
        return response;
      };
      return page;
    },
  };
}
