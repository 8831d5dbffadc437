import type { Actor } from "#core/access/actor.ts";
import { hasUtmParameters } from "#core/ads/ad-utm.ts";
import type { AuditLog } from "#core/audit/audit-log.ts";
import { describeFailure, platformName } from "#core/campaigns/change-messages.ts";
import type { OpenAdPlatform, PlatformTarget } from "#core/campaigns/platform-target.ts";
import type { AdForFix, UtmHealthRepository } from "./utm-health-repository.ts";
import type { UtmFixBlocker, UtmFixReport, UtmFixResult } from "./utm-health-types.ts";
import { diagnoseUtm, fixBlockerOf, isTagged, proposeUtmSuffix } from "./utm-tagging.ts";

export interface FixAdUtmDependencies {
  utmHealth: UtmHealthRepository;
  /** The connections slice's way onto an ad platform (fresh tokens, the retry policy of changes a person waits for). */
  openAdPlatform: OpenAdPlatform;
  audit: AuditLog;
}

/** Suffix writes in flight per connection after the first (which goes alone, so a due token is refreshed once). */
const WRITES_PER_CONNECTION_AT_ONCE = 4;

export const BLOCKER_MESSAGES: Record<UtmFixBlocker | "not_found", string> = {
  platform_unsupported:
    "This platform's API cannot edit an ad's URL parameters. Add the UTM parameters to the landing URL in the platform's ads manager.",
  landing_url_conflict:
    "The landing URL itself carries a utm_source for another source, which a URL suffix cannot override. Edit the landing URL in the platform's ads manager.",
  not_found: "There is no such ad in this organization.",
};

/**
 * Sets, on each ad's platform, the URL suffix that makes its clicks carry what store attribution
 * needs (`proposeUtmSuffix`: the team's own parameters kept), then mirrors it into our ad row
 * (url_suffix, has_utm) and records it in the audit log. Each ad gets its own result: an ad of a
 * platform whose API cannot edit it, or that a suffix cannot fix, is refused with the reason; an ad
 * already tagged is left unchanged; a platform's refusal is reported as it came. Setting a suffix
 * is idempotent, so the session's retries (throttling, outages, a token refreshed) cannot apply it
 * twice in a harmful way.
 */
export async function fixAdUtm(
  deps: FixAdUtmDependencies,
  actor: Actor,
  input: { adIds: string[] },
): Promise<UtmFixReport> {
  const adIds = [...new Set(input.adIds)];
  const found = new Map((await deps.utmHealth.listAdsForFix(actor.organizationId, adIds)).map((ad) => [ad.id, ad]));
  const results = new Map<string, UtmFixResult>();
  const toPush = new Map<string, Array<{ ad: AdForFix; suffix: string }>>();

  for (const adId of adIds) {
    const ad = found.get(adId);
    if (!ad) {
      results.set(adId, refused({ id: adId, name: "", platform: null, urlSuffix: null }, "not_found"));
      continue;
    }
    const blocker = fixBlockerOf(ad.platform, ad.landingUrl);
    if (blocker) {
      results.set(adId, refused(ad, blocker));
      continue;
    }
    const suffix = proposeUtmSuffix(ad.platform, ad);
    if (isTagged(diagnoseUtm(ad.platform, ad.landingUrl, ad.urlSuffix)) || suffix === (ad.urlSuffix ?? "")) {
      results.set(adId, {
        ...base(ad),
        outcome: "unchanged",
        message: "This ad's clicks already carry the UTM parameters store attribution needs.",
        suffixAfter: ad.urlSuffix,
      });
      continue;
    }
    const batch = toPush.get(ad.connectionId) ?? [];
    batch.push({ ad, suffix });
    toPush.set(ad.connectionId, batch);
  }

  await Promise.all(
    [...toPush].map(async ([connectionId, batch]) => {
      const target = await deps.openAdPlatform(actor, connectionId).catch((error: unknown) => error as Error);
      const fixOne = async (item: { ad: AdForFix; suffix: string }) => {
        results.set(item.ad.id, await pushSuffix(deps, actor, target, item.ad, item.suffix));
      };
      const [first, ...rest] = batch;
      await fixOne(first!);
      for (let start = 0; start < rest.length; start += WRITES_PER_CONNECTION_AT_ONCE)
        await Promise.all(rest.slice(start, start + WRITES_PER_CONNECTION_AT_ONCE).map(fixOne));
    }),
  );

  const ordered = adIds.map((adId) => results.get(adId)!);
  const count = (outcome: UtmFixResult["outcome"]) => ordered.filter((result) => result.outcome === outcome).length;
  return {
    results: ordered,
    fixed: count("fixed"),
    failed: count("failed"),
    refused: count("refused"),
    unchanged: count("unchanged"),
  };
}

type AdBasics = Pick<AdForFix, "id" | "name" | "urlSuffix"> & { platform: AdForFix["platform"] | null };

function base(ad: AdBasics): Omit<UtmFixResult, "outcome" | "message" | "suffixAfter"> {
  return { adId: ad.id, adName: ad.name, platform: ad.platform, blocker: null, suffixBefore: ad.urlSuffix };
}

function refused(ad: AdBasics, blocker: UtmFixBlocker | "not_found"): UtmFixResult {
  return { ...base(ad), outcome: "refused", blocker, message: BLOCKER_MESSAGES[blocker], suffixAfter: ad.urlSuffix };
}

async function pushSuffix(
  deps: FixAdUtmDependencies,
  actor: Actor,
  target: PlatformTarget | Error,
  ad: AdForFix,
  suffix: string,
): Promise<UtmFixResult> {
  if (!(target instanceof Error) && !target.connector.setAdUrlSuffix) return refused(ad, "platform_unsupported");
  let error: unknown = target instanceof Error ? target : null;
  if (!(target instanceof Error)) {
    const { connector, session } = target;
    try {
      await session.call((tokens) => connector.setAdUrlSuffix!(tokens, ad.account, ad.externalId, suffix));
    } catch (caught) {
      error = caught;
    }
  }
  const succeeded = error === null;
  if (succeeded)
    await deps.utmHealth.saveSuffix(actor.organizationId, ad.id, suffix, hasUtmParameters(ad.landingUrl, suffix));
  const message = succeeded ? `${platformName(ad.platform)} accepted the new URL suffix.` : describeFailure(error);
  await deps.audit.record(actor, {
    action: "ad.url_suffix_set",
    target: { type: "ad", id: ad.id, label: ad.name },
    details: {
      platform: ad.platform,
      from: ad.urlSuffix,
      to: suffix,
      outcome: succeeded ? "succeeded" : "failed",
      ...(succeeded ? {} : { message }),
    },
  });
  return {
    ...base(ad),
    outcome: succeeded ? "fixed" : "failed",
    message,
    suffixAfter: succeeded ? suffix : ad.urlSuffix,
  };
}
