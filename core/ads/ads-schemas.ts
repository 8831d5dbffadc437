/** What the ads slice's use cases accept; bad input is refused with a message a person can act on. */
import { z } from "zod";
import { AppError } from "#core/errors/app-error.ts";
import { AD_PLATFORM_IDS } from "#core/shared/platforms.ts";

export const CREATIVE_KINDS = ["image", "video", "carousel", "text"] as const;
export const MAX_CREATIVES_PER_PAGE = 100;
export const DEFAULT_CREATIVES_PER_PAGE = 25;

export const creativeListInputSchema = z.object({
  platforms: z.array(z.enum(AD_PLATFORM_IDS)).optional(),
  kinds: z.array(z.enum(CREATIVE_KINDS, "kind must be image, video, carousel or text.")).optional(),
  search: z.string().trim().max(200, "The search has at most 200 characters.").optional(),
  limit: z
    .number()
    .int()
    .min(1, `limit must be from 1 to ${MAX_CREATIVES_PER_PAGE}.`)
    .max(MAX_CREATIVES_PER_PAGE, `limit must be from 1 to ${MAX_CREATIVES_PER_PAGE}.`)
    .default(DEFAULT_CREATIVES_PER_PAGE),
  cursor: z.string().nullish(),
});
export type CreativeListInput = z.input<typeof creativeListInputSchema>;

const INVALID_CURSOR = "The cursor is not valid. Use the next_cursor of a previous page.";

/** A page's end, opaque to clients: base64url JSON of the last creative's spend and id. */
export function encodeCreativeCursor(position: { spendMinor: number; id: string }): string {
  return Buffer.from(JSON.stringify({ s: position.spendMinor, i: position.id })).toString("base64url");
}

export function decodeCreativeCursor(cursor: string): { spendMinor: number; id: string } {
  if (cursor.length > 256 || !/^[\w-]+$/.test(cursor)) throw new AppError("bad_request", INVALID_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new AppError("bad_request", INVALID_CURSOR);
  }
  const { s, i } = (parsed ?? {}) as { s?: unknown; i?: unknown };
  if (typeof s !== "number" || !Number.isSafeInteger(s) || typeof i !== "string" || !/^[\w-]{1,64}$/.test(i))
    throw new AppError("bad_request", INVALID_CURSOR);
  return { spendMinor: s, id: i };
}

export function parseOrRefuse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new AppError("unprocessable_entity", parsed.error.issues.map((issue) => issue.message).join(" "));
  return parsed.data;
}
