import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#adapters/logger.ts";
import { appContext } from "#app/lib/app-context.ts";
import type { DatabaseHandle } from "#core/db/database.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { testEnv } from "#tests/support/test-env.ts";
import { createApp, type PageHandler } from "../app.ts";
import { createServices } from "../services.ts";
import { STATIC_PAGE_HEADER } from "./static-page-cache.ts";

const logger = createLogger({ level: "silent", isPretty: false });
let database: DatabaseHandle | undefined;

afterEach(async () => {
  await database?.close().catch(() => {});
  database = undefined;
});

/** A site whose /about is a static page (as entry.server.tsx marks one) and /account is not; counts renders. */
async function site() {
  const renders: string[] = [];
  const handlePage: PageHandler = async (request, context) => {
    const { nonce } = context.get(appContext);
    const path = new URL(request.url).pathname;
    renders.push(path);
    const language = (request.headers.get("accept-language") ?? "en").slice(0, 2);
    const html = `<!doctype html><html lang="${language}"><script nonce="${nonce}">1</script>${"<p>About Adhelm</p>".repeat(300)}<script nonce="${nonce}">2</script></html>`;
    const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
    if (path === "/about" && !request.headers.has("cookie")) headers.set(STATIC_PAGE_HEADER, language);
    return new Response(html, { headers });
  };
  database = await createTestDatabase();
  const env = testEnv();
  const app = createApp({
    env,
    logger,
    services: createServices({ env, database, logger }),
    handlePage,
    keepsStaticPages: true,
  });
  return { app, renders };
}

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";

describe("static pages kept after their first render", () => {
  it("answers the next visitors from memory, each with their own nonce, plain or gzipped", async () => {
    const { app, renders } = await site();
    const first = await app.request("/about", { headers: { "accept-language": "en" } });
    const firstHtml = await first.text();
    const plain = await app.request("/about", { headers: { "accept-language": "en" } });
    const gzipped = await app.request("/about", { headers: { "accept-language": "en", "accept-encoding": "gzip" } });

    expect(renders).toEqual(["/about"]);
    expect(first.headers.has(STATIC_PAGE_HEADER)).toBe(false);
    const plainHtml = await plain.text();
    expect(plainHtml).toBe(firstHtml.replaceAll(nonceOf(first), nonceOf(plain)));
    expect(nonceOf(plain)).not.toBe(nonceOf(first));
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    const unzipped = gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString();
    expect(unzipped).toBe(firstHtml.replaceAll(nonceOf(first), nonceOf(gzipped)));
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("renders again for another language, a signed-in visitor, a query, and pages that are not static", async () => {
    const { app, renders } = await site();
    await app.request("/about", { headers: { "accept-language": "en" } });
    const german = await app.request("/about", { headers: { "accept-language": "de" } });
    await app.request("/about", { headers: { "accept-language": "en", cookie: "adhelm.session_token=x" } });
    await app.request("/about?ref=mail", { headers: { "accept-language": "en" } });
    await app.request("/account");
    await app.request("/account");
    expect(renders).toEqual(["/about", "/about", "/about", "/about", "/account", "/account"]);
    expect(await german.text()).toContain('lang="de"');
  });
});

describe("compression", () => {
  it("leaves small answers whole, says Vary, and gzips a large JSON answer with its length", async () => {
    const { app } = await site();
    const small = await app.request("/healthz", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ status: "ok" });

    const large = await app.request("/api/v1/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(large.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await large.arrayBuffer());
    expect(Number(large.headers.get("content-length"))).toBe(bytes.length);
    expect(JSON.parse(gunzipSync(bytes).toString())).toMatchObject({ openapi: expect.stringMatching(/^3\./) });

    const identity = await app.request("/api/v1/openapi.json");
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(identity.headers.get("vary")).toContain("Accept-Encoding");
  });
});
