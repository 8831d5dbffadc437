import type { ExternalOrder, ExternalStore } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { WooOrder, WooSite } from "./schemas.ts";

/**
 * WordPress keeps either a named zone (`timezone_string`) or a bare UTC offset (`gmt_offset`,
 * hours, possibly fractional). Whole-hour offsets become Etc/GMT zones (whose sign is inverted by
 * convention); others a "+05:30"-style offset zone.
 */
export function readWooTimeZone(site: WooSite): string {
  if (site.timezone_string) return site.timezone_string;
  const offset = Number(site.gmt_offset ?? 0);
  if (!Number.isFinite(offset) || offset === 0) return "UTC";
  if (Number.isInteger(offset)) return `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
  const minutes = Math.round(Math.abs(offset) * 60);
  const sign = offset > 0 ? "+" : "-";
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function mapWooStore(site: WooSite, currency: string): ExternalStore {
  return { name: site.name, currency: currency.toUpperCase(), timeZone: readWooTimeZone(site) };
}

function readMeta(order: WooOrder, key: string): string | null {
  const value = order.meta_data.find((entry) => entry.key === key)?.value;
  return typeof value === "string" && value !== "" ? value : null;
}

/** Totals are decimal strings; refunds carry negative totals; UTMs come from Order Attribution meta. */
export function mapWooOrder(order: WooOrder): ExternalOrder {
  const currency = order.currency.toUpperCase();
  const refundedMinor = order.refunds.reduce(
    (sum, refund) => sum + Math.abs(decimalToMinor(refund.total, currency)),
    0,
  );
  return {
    externalId: String(order.id),
    name: `#${order.number}`,
    createdAt: new Date(`${order.date_created_gmt.replace(/Z$/, "")}Z`).toISOString(),
    currency,
    totalMinor: decimalToMinor(order.total, currency),
    refundedMinor,
    utmSource: readMeta(order, "_wc_order_attribution_utm_source"),
    utmMedium: readMeta(order, "_wc_order_attribution_utm_medium"),
    utmCampaign: readMeta(order, "_wc_order_attribution_utm_campaign"),
  };
}
