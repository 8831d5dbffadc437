import type { AuditFilterValues } from "./audit-types.ts";

export const AUDIT_FILTER_FIELDS = ["action", "actor", "from", "to", "q"] as const;

/** The filters of the address (empty for "any"), as the page's form and its CSV link carry them. */
export function auditFilterOf(searchParams: URLSearchParams): AuditFilterValues {
  const value = (field: (typeof AUDIT_FILTER_FIELDS)[number]) => (searchParams.get(field) ?? "").slice(0, 200);
  return { action: value("action"), actor: value("actor"), from: value("from"), to: value("to"), q: value("q") };
}
