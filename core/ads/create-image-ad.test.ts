/**
 * Creating an image ad from an uploaded creative, on the real database and the sandbox over HTTP:
 * it reaches the platform, shows on the campaign's ads at once, is audited, and the next sync keeps
 * one row of it; another organization's image is not found, a viewer is refused, bad input changes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "#adapters/file-storage.ts";
import { type Actor, userActor } from "#core/access/actor.ts";
import { createAssetsModule } from "#core/assets/assets-module.ts";
import { jpegOf } from "#core/assets/assets-test-fixture.ts";
import {
  type CampaignSandbox,
  type ConnectedOrganization,
  startCampaignSandbox,
} from "#core/campaigns/campaign-test-fixture.ts";
import { AppError } from "#core/errors/app-error.ts";
import type { AdPlatformId } from "#core/shared/platforms.ts";
import { TEST_DATA_DIR } from "#tests/support/test-database.ts";
import { createAdCreationModule } from "./ad-creation-module.ts";
import { createAdsModule } from "./ads-module.ts";

let world: CampaignSandbox;
let folder: string;
let assets: ReturnType<typeof createAssetsModule>;
let adCreation: ReturnType<typeof createAdCreationModule>;
let ads: ReturnType<typeof createAdsModule>;

beforeAll(async () => {
  world = await startCampaignSandbox();
  folder = mkdtempSync(path.join(TEST_DATA_DIR, "create-image-ad-"));
  assets = createAssetsModule({
    db: world.sandbox.db,
    storage: createLocalFileStorage(path.join(folder, "uploads")),
    workDirectory: path.join(folder, "work"),
  });
  adCreation = createAdCreationModule({
    db: world.sandbox.db,
    openAdPlatform: world.deps.openAdPlatform,
    readUpload: (actor, assetId) => assets.getAssetFile(actor, { assetId, variant: "file" }),
    createsImageAds: (platform) => platform === "google-ads" || platform === "facebook-ads",
  });
  ads = createAdsModule({ db: world.sandbox.db, clock: { now: async () => new Date() } });
});

afterAll(async () => {
  await world?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function upload(actor: Actor, fileName = "spring.jpg") {
  return assets.uploadAsset(actor, { body: Readable.from([await jpegOf(1200, 628)]), fileName, declaredBytes: null });
}

async function firstAdGroup(organization: ConnectedOrganization, platform: AdPlatformId) {
  const campaignId = organization.campaigns[platform]![0]!.id;
  const group = await world.sandbox.db
    .selectFrom("ad_groups")
    .select(["id", "external_id"])
    .where("campaign_id", "=", campaignId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return { campaignId, adGroupId: group.id };
}

const adRowCount = async (organization: ConnectedOrganization) =>
  Number(
    (
      await world.sandbox.db
        .selectFrom("ads")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("organization_id", "=", organization.organizationId)
        .executeTakeFirstOrThrow()
    ).count,
  );

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const LANDING = "https://shop.example.com/spring?utm_source=google&utm_medium=cpc&utm_campaign=Spring";

describe("creating an image ad from an upload", () => {
  it("creates it on Google Ads, shows it on the campaign's ads at once, audits it, and a sync keeps one row", async () => {
    const ada = await world.connectOrganization(["google-ads"]);
    const asset = await upload(ada.actor);
    const { campaignId, adGroupId } = await firstAdGroup(ada, "google-ads");
    const created = await adCreation.createImageAd(ada.actor, {
      campaignId,
      adGroupId,
      assetId: asset.id,
      headline: "Spring sale",
      body: "Everything 20% off until Sunday.",
      landingUrl: LANDING,
      status: "paused",
    });
    expect(created).toMatchObject({ platform: "google-ads", campaignId, adGroupId, name: "Spring sale" });

    const listed = await ads.listCampaignAds(ada.actor, { campaignId });
    const ad = listed.adGroups.flatMap((group) => group.ads).find((item) => item.id === created.adId);
    expect(ad).toMatchObject({
      externalId: created.externalId,
      status: "paused",
      adGroupId,
      creative: { kind: "image", headline: "Spring sale", landingUrl: LANDING, hasUtm: true },
    });
    // The platform serves the uploaded image as the ad's thumbnail.
    const thumbnail = await fetch(ad!.creative.thumbnailUrl!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toMatch(/^image\//);

    const audit = await world.sandbox.db
      .selectFrom("audit_events")
      .select(["action", "target_id", "target_label"])
      .where("organization_id", "=", ada.organizationId)
      .where("action", "=", "ad.created")
      .execute();
    expect(audit).toEqual([{ action: "ad.created", target_id: created.adId, target_label: "Spring sale" }]);

    const before = await adRowCount(ada);
    await world.sync(ada, "google-ads");
    expect(await adRowCount(ada)).toBe(before);
    const rows = await world.sandbox.db
      .selectFrom("ads")
      .select("id")
      .where("external_id", "=", created.externalId)
      .execute();
    expect(rows).toEqual([{ id: created.adId }]);
  });

  it("creates it on Meta (image, creative, ad)", async () => {
    const ben = await world.connectOrganization(["facebook-ads"], "Ben");
    const asset = await upload(ben.actor, "square.jpg");
    const { campaignId, adGroupId } = await firstAdGroup(ben, "facebook-ads");
    const created = await adCreation.createImageAd(ben.actor, {
      campaignId,
      adGroupId,
      assetId: asset.id,
      headline: "New collection",
      body: "Made to last.",
      landingUrl: "https://shop.example.com/?utm_source=facebook&utm_medium=paid_social&utm_campaign=New",
      status: "enabled",
    });
    expect(created).toMatchObject({ platform: "facebook-ads", campaignId, adGroupId });
    const listed = await ads.listCampaignAds(ben.actor, { campaignId });
    expect(listed.adGroups.flatMap((group) => group.ads).find((item) => item.id === created.adId)?.status).toBe(
      "enabled",
    );
  });

  it("does not find another organization's image, and creates nothing", async () => {
    const ada = await world.connectOrganization(["google-ads"], "Cleo");
    const other = await world.connectOrganization(["google-ads"], "Dan");
    const theirs = await upload(other.actor, "theirs.jpg");
    const { campaignId, adGroupId } = await firstAdGroup(ada, "google-ads");
    const before = await adRowCount(ada);
    const error = await refusal(
      adCreation.createImageAd(ada.actor, {
        campaignId,
        adGroupId,
        assetId: theirs.id,
        headline: "Borrowed",
        body: "Not mine.",
        landingUrl: LANDING,
      }),
    );
    expect(error.code).toBe("not_found");
    expect(await adRowCount(ada)).toBe(before);
    // Nor another organization's campaign.
    const mine = await upload(ada.actor);
    const theirCampaign = await firstAdGroup(other, "google-ads");
    expect(
      (
        await refusal(
          adCreation.createImageAd(ada.actor, {
            ...theirCampaign,
            assetId: mine.id,
            headline: "X",
            body: "Y",
            landingUrl: LANDING,
          }),
        )
      ).code,
    ).toBe("not_found");
  });

  it("refuses a viewer and an analyst before anything happens", async () => {
    const eve = await world.connectOrganization(["google-ads"], "Eve");
    const asset = await upload(eve.actor);
    const { campaignId, adGroupId } = await firstAdGroup(eve, "google-ads");
    const before = await adRowCount(eve);
    for (const role of ["viewer", "analyst"] as const) {
      const actor = userActor({ userId: eve.viewer.userId, name: "Eve", organizationId: eve.organizationId, role });
      const error = await refusal(
        adCreation.createImageAd(actor, {
          campaignId,
          adGroupId,
          assetId: asset.id,
          headline: "Nope",
          body: "Nope.",
          landingUrl: LANDING,
        }),
      );
      expect(error.code).toBe("forbidden");
    }
    expect(await adRowCount(eve)).toBe(before);
  });

  it("says which field is wrong: the landing URL without UTM parameters, a headline over Google's 30 characters", async () => {
    const fay = await world.connectOrganization(["google-ads"], "Fay");
    const asset = await upload(fay.actor);
    const { campaignId, adGroupId } = await firstAdGroup(fay, "google-ads");
    const before = await adRowCount(fay);
    const noUtm = await refusal(
      adCreation.createImageAd(fay.actor, {
        campaignId,
        adGroupId,
        assetId: asset.id,
        headline: "Hello",
        body: "Text.",
        landingUrl: "https://shop.example.com/",
      }),
    );
    expect(noUtm.code).toBe("unprocessable_entity");
    expect(Object.keys((noUtm.details?.fieldErrors as Record<string, string> | undefined) ?? {})).toEqual([
      "landingUrl",
    ]);
    const long = await refusal(
      adCreation.createImageAd(fay.actor, {
        campaignId,
        adGroupId,
        assetId: asset.id,
        headline: "A headline far longer than thirty characters",
        body: "Text.",
        landingUrl: LANDING,
      }),
    );
    expect(long.details?.fieldErrors).toEqual({
      headline: "The headline is longer than this platform takes.",
    });
    expect(await adRowCount(fay)).toBe(before);
  });
});
