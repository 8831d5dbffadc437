import type { AttributionSource } from "#core/organizations/organization-settings-schema.ts";
import type { ConversionCategory } from "#core/shared/connector-port.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

/** One conversion action as the settings page and the API show it. */
export interface ConversionActionView {
  id: string;
  adAccountId: string;
  adAccountName: string;
  externalId: string;
  name: string;
  category: ConversionCategory;
  /** The platform's own choice: whether its conversions column includes it. */
  countedByPlatform: boolean;
  /** Whether Adhelm counts it: the organization's choice, or the platform's when none was made. */
  counted: boolean;
  clickWindowDays: number | null;
  viewWindowDays: number | null;
  /** active | removed (the platform no longer lists it; its counts stay). */
  status: "active" | "removed";
  /** The last 30 days (to the ads clock's today), in the account's currency. */
  recent: { conversions: number; valueMinor: number; currency: string };
  /** Who chose, when someone did. */
  choice: { counted: boolean; byName: string; at: string } | null;
}

/** One connected ad platform with its actions (none yet: the next sync brings them). */
export interface ConversionPlatformView {
  platform: AdPlatformId;
  actions: ConversionActionView[];
  /** The revenue truth this platform uses: its override, or the organization's default. */
  revenueTruth: AttributionSource;
  hasOverride: boolean;
}

export interface RevenueTruth {
  /** The organization's default (organization.default_attribution). */
  defaultSource: AttributionSource;
  /** Per platform, where it differs from the default. */
  overrides: Partial<Record<AdPlatformId, AttributionSource>>;
}

export interface ConversionSettingsView {
  platforms: ConversionPlatformView[];
  revenueTruth: RevenueTruth;
  /** Whether a store (Shopify, WooCommerce) is connected: store revenue needs one. */
  hasStore: boolean;
  /** The last 30 days' range the counts cover. */
  range: { from: string; to: string };
}
