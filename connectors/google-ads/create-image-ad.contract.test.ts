/** The Google Ads connector's image ad creation (assets:mutate + adGroupAds:mutate) against the sandbox, over HTTP. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createGoogleAdsSandbox } from "#simulator/platforms/google-ads.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createGoogleAdsConnector } from "./connector.ts";
import { googleAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/google-ads/callback";
const PLATFORM = "google-ads";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;
let image: Uint8Array;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: (kit) => createGoogleAdsSandbox(kit, { pageSize: 50 }) },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createGoogleAdsConnector(sandbox.config(googleAdsMetadata));
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI }));
  tokens = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
  const accounts = await connector.listAdAccounts(tokens);
  const first = sandbox.kit.engine.listAccounts(sandbox.tenant, PLATFORM)[0];
  account = accounts.find((candidate) => candidate.externalId === first?.id) ?? accounts[0]!;
  image = new Uint8Array(
    await sharp({ create: { width: 1200, height: 628, channels: 3, background: "#3366ff" } })
      .jpeg()
      .toBuffer(),
  );
});

afterAll(async () => {
  await sandbox?.close();
});

describe("Google Ads image ads", () => {
  it("uploads the image as an asset, creates a responsive display ad with it and lists it at once", async () => {
    const [group] = await connector.listAdGroups(tokens, account);
    const before = await connector.listAds(tokens, account);
    const created = await connector.createImageAd!(tokens, account, {
      adGroupExternalId: group!.externalId,
      image: { bytes: image, contentType: "image/jpeg", fileName: "spring.jpg" },
      name: "Spring sale – image",
      headline: "Spring sale",
      body: "Everything 20% off until Sunday.",
      landingUrl: "https://shop.example.com/spring?utm_source=google&utm_medium=cpc&utm_campaign=spring",
      status: "paused",
    });
    expect(created).toMatchObject({
      adGroupExternalId: group!.externalId,
      campaignExternalId: group!.campaignExternalId,
      name: "Spring sale – image",
      status: "paused",
      creative: {
        kind: "image",
        headline: "Spring sale",
        body: "Everything 20% off until Sunday.",
        landingUrl: "https://shop.example.com/spring?utm_source=google&utm_medium=cpc&utm_campaign=spring",
      },
    });
    const after = await connector.listAds(tokens, account);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((ad) => ad.externalId === created.externalId)).toEqual(created);
    // The asset's URL serves the bytes that were uploaded.
    const served = await fetch(created.creative.mediaUrl!);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
    const thumbnail = await fetch(created.creative.thumbnailUrl!);
    expect((await sharp(new Uint8Array(await thumbnail.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(
      created.creative.thumbnailUrl === created.creative.mediaUrl ? 1200 : 320,
    );
  });

  it("is refused with Google's field error for a headline over 30 characters, and creates nothing", async () => {
    const [group] = await connector.listAdGroups(tokens, account);
    const before = await connector.listAds(tokens, account);
    const error = await connector.createImageAd!(tokens, account, {
      adGroupExternalId: group!.externalId,
      image: { bytes: image, contentType: "image/jpeg", fileName: "spring.jpg" },
      name: "Too long",
      headline: "A headline far longer than thirty characters",
      body: "Text.",
      landingUrl: "https://shop.example.com/",
      status: "paused",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe("rejected");
    expect(await connector.listAds(tokens, account)).toHaveLength(before.length);
  });

  it("is refused for an ad group that is not the account's", async () => {
    const error = await connector.createImageAd!(tokens, account, {
      adGroupExternalId: "999999999",
      image: { bytes: image, contentType: "image/jpeg", fileName: "x.jpg" },
      name: "Nowhere",
      headline: "Hello",
      body: "Text.",
      landingUrl: "https://shop.example.com/",
      status: "paused",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe("rejected");
  });
});
