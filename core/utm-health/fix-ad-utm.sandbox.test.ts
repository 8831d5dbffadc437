/**
 * The one-click fix against the sandbox's platforms (Google Ads final URL suffix, Meta url_tags):
 * the suffix at the platform changes, our row's has_utm flips, an audit entry records it, and the
 * next sync keeps it. Another organization's ads are out of reach.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaignRepository } from "#core/campaigns/campaign-repository.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "#core/campaigns/campaign-test-fixture.ts";
import { toExternalAccount } from "#core/campaigns/platform-target.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { createUtmHealthModule, type UtmHealthModule } from "./utm-health-module.ts";

let world: CampaignSandbox;
let utm: UtmHealthModule;

beforeAll(async () => {
  world = await startCampaignSandbox();
  utm = createUtmHealthModule({
    db: world.sandbox.db,
    clock: { now: async () => new Date() },
    openAdPlatform: world.openAdPlatformWith({ maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 }),
  });
});
afterAll(async () => {
  await world.close();
});

/** The platform's own view of an ad's URL suffix, through its API. */
async function platformSuffix(organization: ConnectedOrganization, platform: AdPlatformId, adExternalId: string) {
  const campaignId = organization.campaigns[platform]![0]!.id;
  const [campaign] = await createCampaignRepository(world.sandbox.db).listForChange(organization.organizationId, [
    campaignId,
  ]);
  const account = campaign!.adAccount;
  const { connector, session } = await world.deps.openAdPlatform(organization.actor, account.connectionId);
  const ads = await session.call((tokens) => connector.listAds(tokens, toExternalAccount(account)));
  return ads.find((ad) => ad.externalId === adExternalId)?.creative.urlSuffix ?? null;
}

async function storedAd(adId: string) {
  return world.sandbox.db
    .selectFrom("ads")
    .where("id", "=", adId)
    .select(["external_id", "url_suffix", "has_utm", "landing_url"])
    .executeTakeFirstOrThrow();
}

describe("fixing ads on the platforms", () => {
  // The sandbox's ads belong to its one tenant, whichever organization connects: this test fixes
  // nothing, so it goes first and the others still find untagged ads.
  it("reports a platform's refusal per ad as a failure, with its answer, and changes nothing", async () => {
    const organization = await world.connectOrganization(["google-ads"]);
    const health = await utm.getUtmHealth(organization.actor, {});
    const google = health.untagged.find((ad) => ad.platform === "google-ads" && ad.blocker === null);
    if (!google) throw new Error("the sandbox gave no fixable Google Ads ad");
    const before = await storedAd(google.adId);

    await world.sandbox.setFault({ kind: "server_error", platform: "google-ads" });
    const report = await utm
      .fixAdUtm(organization.actor, { adIds: [google.adId] })
      .finally(() => world.sandbox.clearFaults());
    expect(report).toMatchObject({ fixed: 0, failed: 1 });
    expect(report.results[0]).toMatchObject({
      adId: google.adId,
      outcome: "failed",
      suffixAfter: before.url_suffix,
      message: expect.stringMatching(/^Google Ads: /),
    });
    expect(await storedAd(google.adId)).toEqual(before);
    expect(await platformSuffix(organization, "google-ads", before.external_id)).toBe(before.url_suffix);
  });

  it("sets the suffix on Google Ads and Meta, flips has_utm, and a re-sync keeps it", async () => {
    const organization = await world.connectOrganization(["google-ads", "facebook-ads"]);
    const health = await utm.getUtmHealth(organization.actor, {});
    const chosen = (["google-ads", "facebook-ads"] as const).map((platform) => {
      const ad = health.untagged.find((item) => item.platform === platform && item.blocker === null);
      if (!ad) throw new Error(`the sandbox gave no fixable ${platform} ad`);
      return ad;
    });

    const report = await utm.fixAdUtm(organization.actor, { adIds: chosen.map((ad) => ad.adId) });
    expect(report).toMatchObject({ fixed: 2, failed: 0, refused: 0, unchanged: 0 });
    expect(report.results.map((result) => result.message)).toEqual([
      "Google Ads accepted the new URL suffix.",
      "Meta accepted the new URL suffix.",
    ]);

    for (const [index, ad] of chosen.entries()) {
      const stored = await storedAd(ad.adId);
      expect(report.results[index]).toMatchObject({ outcome: "fixed", suffixAfter: ad.proposedSuffix });
      expect(stored).toMatchObject({ url_suffix: ad.proposedSuffix });
      expect(Boolean(stored.has_utm)).toBe(true);
      expect(await platformSuffix(organization, ad.platform, stored.external_id)).toBe(ad.proposedSuffix);
    }
    const after = await utm.getUtmHealth(organization.actor, {});
    expect(after.overall.tagged).toBe(health.overall.tagged + 2);
    expect(after.untagged.map((ad) => ad.adId)).not.toContain(chosen[0]!.adId);

    // The next sync reads the platform's suffix back: the fix stays.
    await world.sync(organization, "google-ads");
    await world.sync(organization, "facebook-ads");
    for (const ad of chosen) {
      const stored = await storedAd(ad.adId);
      expect(stored.url_suffix).toBe(ad.proposedSuffix);
      expect(Boolean(stored.has_utm)).toBe(true);
    }
    expect((await utm.getUtmHealth(organization.actor, {})).overall.tagged).toBe(after.overall.tagged);

    // Each fix is in the organization's audit log, with the suffix before and after.
    const entries = await world.sandbox.db
      .selectFrom("audit_events")
      .where("organization_id", "=", organization.organizationId)
      .where("action", "=", "ad.url_suffix_set")
      .select(["target_id", "details"])
      .execute();
    expect(entries.map((entry) => entry.target_id).sort()).toEqual(chosen.map((ad) => ad.adId).sort());
    expect(JSON.parse(entries[0]!.details!)).toMatchObject({
      outcome: "succeeded",
      to: expect.stringContaining("utm_source="),
    });
  });

  it("cannot reach another organization's ads", async () => {
    const ada = await world.connectOrganization(["google-ads"], "Ada");
    const bo = await world.connectOrganization(["google-ads"], "Bo");
    const target = await world.sandbox.db
      .selectFrom("ads")
      .where("organization_id", "=", ada.organizationId)
      .select("id as adId")
      .executeTakeFirstOrThrow();
    const before = await storedAd(target.adId);

    const report = await utm.fixAdUtm(bo.actor, { adIds: [target.adId] });
    expect(report.results).toEqual([expect.objectContaining({ outcome: "refused", blocker: "not_found" })]);
    expect(await storedAd(target.adId)).toEqual(before);
    const boHealth = await utm.getUtmHealth(bo.actor, {});
    expect(boHealth.overall.ads).toBeGreaterThan(0);
    expect(boHealth.untagged.map((ad) => ad.adId)).not.toContain(target.adId);
  });
});
