import type { ActionRefusal } from "#app/components/account/account-action.ts";

export type PrivacyIntent =
  | "requestPersonalExport"
  | "requestOrganizationExport"
  | "requestAccountDeletion"
  | "cancelAccountDeletion"
  | "requestOrganizationDeletion"
  | "cancelOrganizationDeletion";

export type PrivacyActionResult = { ok: true; intent: PrivacyIntent } | ActionRefusal;

/** One export as the page lists it (dates as ISO strings). */
export interface ExportItem {
  id: string;
  kind: "personal" | "organization";
  status: "queued" | "running" | "ready" | "failed";
  progress: number;
  sizeBytes: number | null;
  createdAt: string;
  expiresAt: string | null;
  downloadable: boolean;
  expired: boolean;
}

export interface PendingDeletion {
  requestedAt: string;
  purgeAfter: string;
}

export interface PrivacyScreenProps {
  organizationName: string;
  /** The reader's time zone, for the dates shown. */
  timeZone: string;
  exports: ExportItem[];
  accountDeletion: PendingDeletion | null;
  organizationDeletion: PendingDeletion | null;
  ownedSharedOrganizations: string[];
  canExportOrganization: boolean;
  canDeleteOrganization: boolean;
}
