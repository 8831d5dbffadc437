import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { type Language, languageFromAcceptLanguage } from "#app/lib/i18n/languages.ts";
import de from "#app/locales/de/status.json" with { type: "json" };
import en from "#app/locales/en/status.json" with { type: "json" };
import es from "#app/locales/es/status.json" with { type: "json" };
import fr from "#app/locales/fr/status.json" with { type: "json" };
import type { DatabaseHandle } from "#core/db/database.ts";
import { createDatabaseHealth, isDatabaseUnreachableError } from "../database-health.ts";
import type { SecurityVariables } from "./security-headers.ts";

const CATALOGS: Record<Language, typeof en> = { en, es, fr, de };
/** How soon the page reloads itself, and what Retry-After says. */
const RETRY_SECONDS = 5;

/**
 * When the database cannot be reached, every page and API call gets a clear 503 at once (a page
 * in the reader's language that reloads itself; the API's error envelope) rather than a generic
 * 500 after a connection timeout. An answer that failed is checked: a 5xx whose error says the
 * database is gone, or after which a round-trip fails, becomes that 503. /healthz says it itself.
 */
export function databaseUnavailable(database: Pick<DatabaseHandle, "db">) {
  const health = createDatabaseHealth(database);
  return createMiddleware<{ Variables: SecurityVariables }>(async (c, next) => {
    if (c.req.path === "/healthz" || c.req.path.startsWith("/assets/")) return next();
    if (health.isUnreachable()) return unavailable(c);
    await next();
    if (c.res.status < 500 || c.res.status === 503) return;
    const isDatabaseError = c.error !== undefined && isDatabaseUnreachableError(c.error);
    if (!(await health.check()) || isDatabaseError) {
      // Emptied first: Hono's setter would carry the failed answer's headers (its length) over.
      c.res = undefined;
      c.res = unavailable(c);
    }
  });
}

function unavailable(c: Context<{ Variables: SecurityVariables }>): Response {
  const language = languageFromAcceptLanguage(c.req.header("accept-language"));
  const text = CATALOGS[language].database;
  const headers = { "Retry-After": String(RETRY_SECONDS), "Cache-Control": "no-store" };
  const wantsHtml =
    !c.req.path.startsWith("/api/") &&
    !c.req.path.endsWith(".data") &&
    (c.req.header("accept") ?? "").includes("text/html");
  if (!wantsHtml)
    return Response.json(
      { error: { code: "service_unavailable", message: en.database.down } },
      { status: 503, headers },
    );
  const nonce = c.get("nonce") ?? "";
  const here = escapeHtml(c.req.path + (new URL(c.req.url).search || ""));
  return new Response(
    `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}">
<title>${escapeHtml(text.title)} · Adhelm</title>
<style nonce="${escapeHtml(nonce)}">
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#fafafa;color:#18181b;display:grid;min-height:100vh;place-items:center;padding:1rem;box-sizing:border-box}
main{max-width:32rem;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1rem;line-height:1.5}
a{display:inline-block;background:#18181b;color:#fff;text-decoration:none;padding:.5rem 1rem;border-radius:.5rem;font-size:.875rem}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}main{background:#18181b;border-color:#27272a}a{background:#fafafa;color:#18181b}}
</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.down)}</p>
<a href="${here}">${escapeHtml(text.retryNow)}</a>
</main>
</body>
</html>`,
    { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=UTF-8" } },
  );
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
