/**
 * The audit log's filters, as the screen, its CSV and any other reader send them: an area ("member")
 * or one action ("member.role_changed"), who acted ("user:<id>", "api_key:<id>" or "system"), a date
 * range in the organization's time zone, and free text over the target and the actor's name.
 */
import { z } from "zod";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions.ts";

/** The areas of the log, in the order of AUDIT_ACTIONS: "auth", "organization", "member", … */
export const AUDIT_AREAS: readonly string[] = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0] ?? ""))];

/** How many entries a page of the log holds. */
export const AUDIT_PAGE_SIZE = 50;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ACTOR_FILTER = /^(user|api_key):[\w-]{1,64}$|^system$/;

function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Empty strings (an untouched select or field) mean "no filter". */
const optionalText = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

export const auditFilterSchema = z
  .object({
    action: optionalText(
      z
        .string()
        .refine(
          (value) => AUDIT_AREAS.includes(value) || (AUDIT_ACTIONS as readonly string[]).includes(value),
          "Choose an area or an action from the list.",
        ),
    ),
    actor: optionalText(z.string().regex(ACTOR_FILTER, "Choose a person or a key from the list.")),
    from: optionalText(z.string().refine(isCalendarDate, "Enter a date as YYYY-MM-DD.")),
    to: optionalText(z.string().refine(isCalendarDate, "Enter a date as YYYY-MM-DD.")),
    q: optionalText(z.string().trim().max(200, "Search for 200 characters at most.")),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: "The start date must be on or before the end date.",
    path: ["to"],
  });

export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Who acted, as the log names them. */
export interface AuditActor {
  kind: "user" | "api_key" | "system";
  id: string | null;
  label: string;
}

/** One entry, as the screen, the CSV and tests read it. */
export interface AuditEvent {
  id: string;
  /** When, as an ISO instant (UTC). */
  at: string;
  actor: AuditActor;
  action: AuditAction;
  target: { type: string; id: string | null; label: string | null } | null;
  details: Record<string, unknown> | null;
  ipAddress: string | null;
}

/** A page of the log, newest first; `nextCursor` reads the next (older) page. */
export interface AuditPage {
  events: AuditEvent[];
  nextCursor: string | null;
  /** The organization's time zone, which the date range is counted in. */
  timeZone: string;
}
