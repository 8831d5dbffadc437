import type { Context } from "hono";
import type { ZodError } from "zod";

/** The one error envelope of the API. */
export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function errorResponse(
  c: Context,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return c.json(errorBody(code, message), status as 400, headers);
}

/** What a 401 says about the scheme it expects (RFC 6750). */
export function wwwAuthenticate(hasPresentedKey: boolean): string {
  return hasPresentedKey ? 'Bearer realm="Adhelm API", error="invalid_token"' : 'Bearer realm="Adhelm API"';
}

/** The first problem of a request, as one sentence that names the field. */
export function describeValidationError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const field = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => (field ? `${field}.${key}` : key));
    return `Unknown field${keys.length > 1 ? "s" : ""}: ${keys.join(", ")}.`;
  }
  // zod's own words for a missing field; our schemas' messages are kept as written.
  if (issue.code === "invalid_type" && issue.message.endsWith("received undefined") && field)
    return `${field} is required.`;
  // Our own messages name their field; zod's generic ones get it in front.
  if (!field || issue.message.startsWith(field.split(".")[0] ?? field)) return issue.message;
  return `${field}: ${issue.message}`;
}
