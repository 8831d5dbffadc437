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
        // A 404 document logs "Failed to load resource"; the tests assert those statuses themselves.
        if (message.type() === "error" && !message.text().includes("status of 404")) pageErrors.push(message.text());
      });
      page.on("pageerror", (error) => pageErrors.push(error.message));
      return page;
    },
  };
}
