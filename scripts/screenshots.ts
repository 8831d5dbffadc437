// npm run screenshots -- [/path ...]: desktop and 375px, light and dark, into data/screenshots/.
// Expects a running server (npm start); BASE_URL overrides http://localhost:3000.
// With SCREENSHOT_EMAIL and SCREENSHOT_PASSWORD (a verified account), pages are taken signed in.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const baseUrl = process.env.BASE_URL ?? "http://localhost:3000";
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/dashboard", "/nope"];
const viewports = { desktop: { width: 1440, height: 900 }, mobile: { width: 375, height: 812 } } as const;
const outDir = "data/screenshots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
const sessionCookies = await signIn();

async function signIn() {
  const email = process.env.SCREENSHOT_EMAIL;
  const password = process.env.SCREENSHOT_PASSWORD;
  if (!email || !password) return [];
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed (${response.status}): ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => {
    const [pair = ""] = cookie.split(";");
    const separator = pair.indexOf("=");
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: baseUrl };
  });
}

for (const path of paths) {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      await context.addCookies(sessionCookies);
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
      const name = `${path.replaceAll("/", "_") || "_"}-${viewportName}-${colorScheme}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.FULL_PAGE === "1" });
      await context.close();
      console.log(`${outDir}/${name}`);
    }
  }
}
await browser.close();
