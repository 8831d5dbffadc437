import type {
  CampaignPlatformIssue,
  ExternalAdAccount,
  ExternalCampaign,
  ExternalCampaignStatus,
  ExternalDailyMetric,
} from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { decimalToMinor } from "#core/shared/money.ts";
import type { MicrosoftCampaign } from "./schemas.ts";

/**
 * Microsoft's TimeZoneType values (Customer Management v13) → an IANA zone in the same region with
 * the same offsets and daylight-saving rules, so the account's calendar dates come out the same.
 */
const MICROSOFT_TIME_ZONES: Record<string, string> = {
  AbuDhabiMuscat: "Asia/Dubai",
  Adelaide: "Australia/Adelaide",
  Alaska: "America/Anchorage",
  AlmatyNovosibirsk: "Asia/Almaty",
  AmsterdamBerlinBernRomeStockholmVienna: "Europe/Berlin",
  Arizona: "America/Phoenix",
  AstanaDhaka: "Asia/Dhaka",
  AthensBuckarestIstanbul: "Europe/Athens",
  AtlanticTimeCanada: "America/Halifax",
  AucklandWellington: "Pacific/Auckland",
  Azores: "Atlantic/Azores",
  Baghdad: "Asia/Baghdad",
  BakuTbilisiYerevan: "Asia/Baku",
  BangkokHanoiJakarta: "Asia/Bangkok",
  BeijingChongqingHongKongUrumqi: "Asia/Shanghai",
  BelgradeBratislavaBudapestLjubljanaPrague: "Europe/Prague",
  BogotaLimaQuito: "America/Bogota",
  Brasilia: "America/Sao_Paulo",
  Brisbane: "Australia/Brisbane",
  BrusselsCopenhagenMadridParis: "Europe/Paris",
  Bucharest: "Europe/Bucharest",
  BuenosAiresGeorgetown: "America/Argentina/Buenos_Aires",
  Cairo: "Africa/Cairo",
  CanberraMelbourneSydney: "Australia/Sydney",
  CapeVerdeIsland: "Atlantic/Cape_Verde",
  CaracasLaPaz: "America/Caracas",
  CasablancaMonrovia: "Africa/Casablanca",
  CentralAmerica: "America/Guatemala",
  CentralTimeUSCanada: "America/Chicago",
  ChennaiKolkataMumbaiNewDelhi: "Asia/Kolkata",
  ChihuahuaLaPazMazatlan: "America/Mazatlan",
  Darwin: "Australia/Darwin",
  EasternTimeUSCanada: "America/New_York",
  Ekaterinburg: "Asia/Yekaterinburg",
  FijiKamchatkaMarshallIsland: "Pacific/Fiji",
  Greenland: "America/Nuuk",
  GreenwichMeanTimeDublinEdinburghLisbonLondon: "Europe/London",
  GuadalajaraMexicoCityMonterrey: "America/Mexico_City",
  GuamPortMoresby: "Pacific/Port_Moresby",
  HararePretoria: "Africa/Johannesburg",
  Hawaii: "Pacific/Honolulu",
  HelsinkiKyivRigaSofiaTallinnVilnius: "Europe/Helsinki",
  Hobart: "Australia/Hobart",
  IndianaEast: "America/Indiana/Indianapolis",
  InternationalDateLineWest: "Etc/GMT+12",
  IrkutskUlaanBataar: "Asia/Irkutsk",
  IslamabadKarachiTashkent: "Asia/Karachi",
  Jerusalem: "Asia/Jerusalem",
  Kabul: "Asia/Kabul",
  Kathmandu: "Asia/Kathmandu",
  Krasnoyarsk: "Asia/Krasnoyarsk",
  KualaLumpurSingapore: "Asia/Singapore",
  KuwaitRiyadh: "Asia/Riyadh",
  MidAtlantic: "Atlantic/South_Georgia",
  MidwayIslandAndSamoa: "Pacific/Pago_Pago",
  MoscowStPetersburgVolgograd: "Europe/Moscow",
  MountainTimeUSCanada: "America/Denver",
  Nairobi: "Africa/Nairobi",
  Newfoundland: "America/St_Johns",
  Nukualofa: "Pacific/Tongatapu",
  OsakaSapporoTokyo: "Asia/Tokyo",
  PacificTimeUSCanadaTijuana: "America/Los_Angeles",
  Perth: "Australia/Perth",
  Rangoon: "Asia/Yangon",
  Santiago: "America/Santiago",
  SarajevoSkopjeWarsawZagreb: "Europe/Warsaw",
  Saskatchewan: "America/Regina",
  Seoul: "Asia/Seoul",
  SolomonIslandNewCaledonia: "Pacific/Guadalcanal",
  SriJayawardenepura: "Asia/Colombo",
  Taipei: "Asia/Taipei",
  Tehran: "Asia/Tehran",
  Vladivostok: "Asia/Vladivostok",
  WestCentralAfrica: "Africa/Lagos",
  Yakutsk: "Asia/Yakutsk",
};

/** An IANA zone for Microsoft's enum name, or null for a name this table does not know. */
export function mapMicrosoftTimeZone(name: string): string | null {
  return MICROSOFT_TIME_ZONES[name] ?? null;
}

export function mapMicrosoftAccount(account: {
  Id: string;
  Name?: string | null;
  CurrencyCode: string;
  TimeZone: string;
  ParentCustomerId: string;
}): ExternalAdAccount {
  const timeZone = mapMicrosoftTimeZone(account.TimeZone);
  if (!timeZone) {
    throw new PlatformError(
      "microsoft-ads",
      "rejected",
      `Microsoft Ads account ${account.Id} uses a time zone we cannot map: ${account.TimeZone}.`,
    );
  }
  return {
    externalId: account.Id,
    name: account.Name || account.Id,
    currency: account.CurrencyCode.toUpperCase(),
    timeZone,
    // Later calls need the parent customer (CustomerId header) and the report time zone.
    context: { customerId: account.ParentCustomerId, timeZoneName: account.TimeZone },
  };
}

export function mapMicrosoftCampaignStatus(status: string): ExternalCampaignStatus {
  // BudgetPaused is the system holding a live campaign until its budget resets: still enabled.
  if (status === "Active" || status === "BudgetPaused") return "enabled";
  if (status === "Deleted") return "removed";
  // Paused, BudgetAndManualPaused, Suspended.
  return "paused";
}

export function mapMicrosoftCampaign(campaign: MicrosoftCampaign, currency: string): ExternalCampaign {
  // A campaign on a shared budget (BudgetId) has no daily budget of its own.
  const hasOwnBudget = campaign.DailyBudget != null && !campaign.BudgetId;
  return {
    externalId: campaign.Id,
    name: campaign.Name ?? campaign.Id,
    status: mapMicrosoftCampaignStatus(campaign.Status),
    dailyBudgetMinor: hasOwnBudget ? decimalToMinor(campaign.DailyBudget ?? 0, currency) : null,
    currency,
    ...platformIssueOf(campaign.Status),
  };
}

/**
 * Microsoft's own reasons in the campaign Status: BudgetPaused (the budget is spent until it
 * resets) and Suspended (the account or campaign was suspended). BudgetAndManualPaused is paused
 * by its team as well, so no issue of the platform's.
 */
export function platformIssueOf(status: string): { platformIssue?: CampaignPlatformIssue } {
  if (status === "BudgetPaused") return { platformIssue: "budget_exhausted" };
  if (status === "Suspended") return { platformIssue: "account_suspended" };
  return {};
}

/** A campaign performance report row (CSV, FormatVersion 2.0) → our daily metric. */
export function mapMicrosoftReportRow(row: Record<string, string>, accountCurrency: string): ExternalDailyMetric {
  const campaignId = row.CampaignId ?? "";
  const date = readReportDate(row.TimePeriod ?? "");
  if (!/^\d+$/.test(campaignId) || !date) {
    throw new PlatformError("microsoft-ads", "rejected", "Microsoft's report has a row without campaign or date.");
  }
  const currency = row.CurrencyCode?.trim() ? row.CurrencyCode.trim().toUpperCase() : accountCurrency;
  return {
    campaignExternalId: campaignId,
    date,
    impressions: readNumber(row.Impressions),
    clicks: readNumber(row.Clicks),
    spendMinor: decimalToMinor(readNumber(row.Spend), currency),
    conversions: readNumber(row.Conversions),
    conversionValueMinor: decimalToMinor(readNumber(row.Revenue), currency),
    currency,
  };
}

/** FormatVersion 2.0 writes yyyy-mm-dd; older reports wrote m/d/yyyy. */
function readReportDate(value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [, month = "", day = "", year = ""] = match;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

function readNumber(value: string | undefined): number {
  const cleaned = (value ?? "").replace(/[,%\s]/g, "");
  if (cleaned === "" || cleaned === "--") return 0;
  const number = Number(cleaned);
  if (!Number.isFinite(number)) {
    throw new PlatformError(
      "microsoft-ads",
      "rejected",
      `Microsoft's report has a value that is not a number: ${value}.`,
    );
  }
  return number;
}
