import type { Context } from "hono";
import type { z } from "zod";
import { describeWait } from "#core/rate-limit/enforce-rate-limit.ts";

/** better-auth's error shape, so the browser reads our answers and its answers the same way. */
export function authError(
  c: Context,
  status: 400 | 401 | 404 | 409 | 429,
  code: string,
  message: string,
  extra: object = {},
) {
  return c.json({ code, message, ...extra }, status);
}

export function tooMany(c: Context, retryAfterSeconds: number, message: string) {
  c.header("Retry-After", String(retryAfterSeconds));
  return authError(c, 429, "RATE_LIMITED", `${message} Try again in ${describeWait(retryAfterSeconds)}.`);
}

export const notFound = (c: Context) => authError(c, 404, "NOT_FOUND", "Not found.");

export async function readJson(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body = await c.req.raw.clone().json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function invalid(c: Context, error: z.ZodError) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return authError(c, 400, "VALIDATION_ERROR", error.issues[0]?.message ?? "Invalid input", { fieldErrors });
}

/** A refusal of one field, in the same shape as a schema's. */
export function invalidField(c: Context, field: string, message: string) {
  return authError(c, 400, "VALIDATION_ERROR", message, { fieldErrors: { [field]: message } });
}

/** The request as better-auth should see it: same URL and headers, our validated body. */
export function withBody(request: Request, body: object): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** better-auth's answer with Set-Cookie headers of ours added. */
export function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const answer = new Response(response.body, response);
  for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
  return answer;
}
