/**
 * One row of the asset library: an uploaded creative or (once the ads slice lists them) a creative
 * synced from an ad platform. Fields a source does not have are null or empty.
 */
import type { FatigueVerdict } from "#core/ads/creative-fatigue.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";

export type LibrarySource = "upload" | "platform";
export type LibraryCreativeKind = "image" | "video" | "carousel" | "text";

export interface LibraryUsage {
  campaign: string;
  adGroup: string | null;
  ad: string;
  /** Synced creatives: our ids, for links to the campaign's page, and the ad's status. */
  campaignId?: string;
  adId?: string;
  status?: string;
}

export interface LibraryMetrics {
  spendMinor: number;
  currency: string;
  impressions: number;
  clicks: number;
  conversions: number;
  revenueMinor: number;
  /** clicks ÷ impressions; null without impressions (and the other ratios alike). */
  ctr: number | null;
  cpcMinor: number | null;
  cpaMinor: number | null;
  roas: number | null;
  /** Video views ÷ impressions, for videos whose platform reports views. */
  hookRate: number | null;
}

export interface LibraryUpload {
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  uploadedBy: string | null;
  createdAt: string;
}

export interface LibraryCreative {
  id: string;
  source: LibrarySource;
  /** The ad platforms it runs on (empty for an upload not used yet). */
  platforms: AdPlatformId[];
  kind: LibraryCreativeKind;
  name: string;
  /** Our own URLs (uploads: /asset-files/…), or the platform's. Null: the library shows a placeholder. */
  thumbnailUrl: string | null;
  fileUrl: string | null;
  /** The platform's status; null for an upload. */
  status: string | null;
  tags: string[];
  usage: LibraryUsage[];
  /** Performance over the chosen range; null when the creative has not run. */
  metrics: LibraryMetrics | null;
  upload: LibraryUpload | null;
  /** Synced creatives: what the ad says (a text ad's preview is drawn from it), and the landing page's host. */
  copy?: { headline: string | null; body: string | null; host: string | null };
  /** Synced creatives: tired or not as of the range's last day, with the evidence; null for an upload. */
  fatigue: FatigueVerdict | null;
}

export interface LibraryPage {
  items: LibraryCreative[];
  total: number;
  page: number;
  pageSize: number;
  /** Every tag the organization's creatives carry, for the tag filter. */
  tags: string[];
  /** How many of the matching creatives are tired (0 when only uploads match). */
  tiredCount?: number;
}
