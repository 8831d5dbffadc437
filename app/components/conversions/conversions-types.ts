import type { ActionRefusal } from "#app/components/account/account-action.ts";
import type { ConversionSettingsView, RevenueTruth } from "#core/conversions/conversions-types.ts";
import type { UtmHealth } from "#core/utm-health/utm-health-types.ts";

/** What /settings/conversions loads. */
export interface ConversionsScreenProps {
  settings: ConversionSettingsView;
  canManage: boolean;
  /** The UTM health check (helper I2's card), and whether the viewer may fix the ads' URL suffix. */
  utmHealth: UtmHealth;
  canFixUtm: boolean;
}

export type ConversionsActionResult =
  | {
      ok: true;
      intent: "count";
      actionId: string;
      counted: boolean;
      campaignsRecomputed: number;
      campaignDaysRecomputed: number;
    }
  | { ok: true; intent: "revenue"; revenueTruth: RevenueTruth }
  | ActionRefusal;
