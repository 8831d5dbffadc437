import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { appContext } from "./lib/app-context.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export const streamTimeout = 5_000;

/**
 * Marks the whole HTML of a static page (app/lib/static-page.ts) asked for anonymously, with the
 * language it was written in: the same for every such request but for the nonce, so the server
 * keeps it and answers the next ones without rendering (server/middleware/static-page-cache.ts,
 * which removes this header). The name is repeated there.
 */
const STATIC_PAGE_HEADER = "X-Adhelm-Static-Page";

/** A page anyone would get the same: GET, no cookie (no session, flash nor preference), no query, static, 200, no cookie set. */
function cacheableLanguage(request: Request, status: number, headers: Headers, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200 || request.headers.has("cookie") || headers.has("set-cookie"))
    return null;
  if (new URL(request.url).search !== "") return null;
  const leaf = context.staticHandlerContext.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as { isStatic?: boolean } | undefined) : undefined;
  if (handle?.isStatic !== true) return null;
  const language = (context.staticHandlerContext.loaderData.root as { language?: unknown } | undefined)?.language;
  return typeof language === "string" ? language : null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    let isShellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const cachedLanguage = cacheableLanguage(request, responseStatusCode, responseHeaders, routerContext);
    // A page kept for later is kept whole.
    const readyEvent =
      cachedLanguage !== null || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";
    let timeoutId: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          isShellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (cachedLanguage !== null && responseStatusCode === 200)
            responseHeaders.set(STATIC_PAGE_HEADER, cachedLanguage);
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (isShellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}
