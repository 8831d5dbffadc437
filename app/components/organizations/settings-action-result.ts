import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { OrganizationSettings } from "#core/organizations/organization-repository.ts";

/** What /settings/general's action answers. */
export type SettingsActionResult =
  | { ok: true; intent: "settings"; settings: OrganizationSettings }
  | { ok: true; intent: "logo"; logo: string }
  | { ok: true; intent: "remove-logo" }
  | ActionRefusal;
