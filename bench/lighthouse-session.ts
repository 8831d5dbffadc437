// The signed-in pages' session for bench:lighthouse: the demo account the server seeds on a fresh
// DATA_DIR (SEED_DEMO with the built-in sandbox), signed in through the app's own sign-in route,
// and its dashboard waited for until the backfill shows spend. No cookie is written down anywhere.
import { DEMO_EMAIL, DEMO_PASSWORD } from "#server/demo-seed.ts";

/** What the server needs to seed the demo (bench/production-server.ts passes it on). */
export const DEMO_SERVER_ENV = { SEED_DEMO: "true", ADS_SANDBOX: "true" } as const;

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs the demo account in and returns its Cookie header once its dashboard shows spend. */
export async function demoSessionCookie(baseUrl: string, timeoutMs = 120_000): Promise<string> {
  // The server's APP_URL defaults to http://localhost:<port>: sign-in checks the Origin against it.
  const origin = baseUrl.replace("127.0.0.1", "localhost");
  const cookie = await until(
    "the demo account",
    async () => {
      const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      if (!response.ok) return undefined;
      return response.headers
        .getSetCookie()
        .map((line) => line.split(";")[0] ?? "")
        .filter((pair) => pair !== "" && !pair.endsWith("="))
        .join("; ");
    },
    timeoutMs,
  );
  await until(
    "the demo's backfill",
    async () => {
      const html = await (await fetch(`${baseUrl}/dashboard`, { headers: { cookie } })).text();
      return /Total Spend[\s\S]*?\$[1-9][\d,]*\.\d\d/.test(html) ? true : undefined;
    },
    timeoutMs,
  );
  return cookie;
}
