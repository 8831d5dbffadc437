import type { AuditActor, AuditEvent } from "#core/audit/audit-schemas.ts";

/** The filters as the page's form holds them (empty strings for "any"). */
export interface AuditFilterValues {
  action: string;
  actor: string;
  from: string;
  to: string;
  q: string;
}

export type AuditScreenProps =
  | {
      state: "refused";
      organizationName: string;
    }
  | {
      state: "ready";
      organizationName: string;
      events: AuditEvent[];
      nextCursor: string | null;
      /** Whether this is a later page (the first page links back to nothing). */
      isLaterPage: boolean;
      actors: AuditActor[];
      filter: AuditFilterValues;
      /** Filters the server refused, by field. */
      fieldErrors: Record<string, string>;
      /** Whether any filter is set (an empty result then means "nothing matches", not "nothing yet"). */
      isFiltered: boolean;
      /** The reader's time zone (their profile's), for the times shown. */
      timeZone: string;
      /** The organization's, which the date filters count days in. */
      organizationTimeZone: string;
    };
