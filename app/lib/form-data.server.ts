import { data } from "react-router";

/**
 * Reading an action's body. Our own forms and fetchers always send what the action takes, so a
 * body of another type or one that does not parse is a client's mistake: it is answered 415 or
 * 400 (thrown as a React Router response, like a redirect), never a 500 with a stack in the log.
 */

export interface BodyRefusal {
  error: { code: "unsupported_media_type" | "bad_request"; message: string };
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/** The media type without parameters, lower-cased ("" when there is none). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function refuse(status: 400 | 415, message: string): never {
  const code = status === 415 ? "unsupported_media_type" : "bad_request";
  throw data<BodyRefusal>({ error: { code, message } }, { status });
}

/**
 * A form post's fields (urlencoded or multipart). A POST with no body and no Content-Type reads as
 * an empty form, so a one-click unsubscribe from a lenient mail client still arrives.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = mediaTypeOf(request);
  if (!FORM_TYPES.has(type)) {
    if (type === "" && (await request.text()) === "") return new FormData();
    refuse(415, "Send this form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  try {
    return await request.formData();
  } catch {
    refuse(400, "The form data could not be read.");
  }
}

/** The text fields of a form post by name (files are left out); see readFormData. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of await readFormData(request)) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** A JSON body (a fetcher's encType "application/json", or a server posting JSON to us). */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!JSON_TYPE.test(mediaTypeOf(request))) refuse(415, "Send the body as JSON with Content-Type: application/json.");
  try {
    return await request.json();
  } catch {
    refuse(400, "The request body is not valid JSON.");
  }
}
