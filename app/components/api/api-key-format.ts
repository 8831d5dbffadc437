import { API_KEY_SCOPE_LABELS } from "#core/api-keys/api-key-schemas.ts";
import type { ApiKeyScope } from "#core/shared/domain-enums.ts";
import type { ApiKeyStatus } from "./api-keys-types.ts";

// UTC, so the server render and the browser agree (the server does not know the browser's zone).
const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Nov 21, 2026" */
export function formatKeyDate(iso: string): string {
  return SHORT_DATE.format(new Date(iso));
}

/** The stored prefix with an ellipsis, so nobody mistakes it for the whole key: "adh_Xy12AbCd…". */
export function maskedKey(prefix: string): string {
  return `${prefix}…`;
}

export function scopeLabel(scope: ApiKeyScope): string {
  return API_KEY_SCOPE_LABELS[scope];
}

export const STATUS_LABELS: Record<ApiKeyStatus, string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};
