import { CodeBlock } from "#app/components/marketing/code-block.tsx";
import { cn } from "#app/lib/cn.ts";

/** A real answer of the API, as the reference's console and the /api page's Try it show it. */
export interface ApiAnswer {
  method: string;
  /** The path called, with its query string. */
  path: string;
  status: number;
  /** How long the call took, when the browser timed it. */
  durationMs?: number;
  headers: Array<{ name: string; value: string }>;
  /** The body, pretty-printed when it is JSON. */
  body: string;
}

/** The headers a developer checks first: limits, replays, the page's validator and the id to quote to support. */
export const HEADERS_OF_INTEREST = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
  "Retry-After",
  "Idempotent-Replayed",
  "ETag",
  "X-Request-Id",
];

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** 2xx, and 304 (the page the caller kept is still current): shown green, the rest red. */
export function isSuccessfulStatus(status: number): boolean {
  return status >= 200 && status < 400;
}

export function statusLine(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `${status} ${text}` : String(status);
}

export function ApiAnswerView({ answer, label }: { answer: ApiAnswer; label: string }) {
  const isSuccess = isSuccessfulStatus(answer.status);
  return (
    <section aria-label={`Response: ${label}`} className="grid min-w-0 gap-3">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span
          className={cn(
            "inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 font-mono font-semibold",
            isSuccess ? "bg-success/15 text-foreground" : "bg-destructive/10 text-destructive",
          )}
        >
          <span aria-hidden="true" className={cn("size-2 rounded-full", isSuccess ? "bg-success" : "bg-destructive")} />
          {statusLine(answer.status)}
        </span>
        <code className="min-w-0 break-all font-mono text-muted-foreground text-xs">
          {answer.method} {answer.path}
        </code>
        {answer.durationMs === undefined ? null : (
          <span className="text-muted-foreground text-xs tabular-nums">{answer.durationMs} ms</span>
        )}
      </p>
      {answer.headers.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border bg-muted/30 px-3 py-2 font-mono text-xs">
          {answer.headers.map((header) => (
            <div key={header.name} className="contents">
              <dt className="text-muted-foreground">{header.name}</dt>
              <dd className="min-w-0 break-all tabular-nums">{header.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {answer.body ? <CodeBlock label={`Response body: ${label}`} code={answer.body} className="max-h-96" /> : null}
    </section>
  );
}
