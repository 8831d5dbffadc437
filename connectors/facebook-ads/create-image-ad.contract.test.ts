/** The Meta connector's image ad creation (adimages → adcreatives → ads) against the sandbox, over HTTP. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdPlatformConnector, ExternalAdAccount, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { createFacebookAdsSandbox } from "#simulator/platforms/facebook-ads.ts";
import { type SandboxServer, startSandboxServer } from "#tests/support/sandbox-server.ts";
import { createFacebookAdsConnector } from "./connector.ts";
import { facebookAdsMetadata } from "./metadata.ts";

const REDIRECT_URI = "https://app.example.test/integrations/facebook-ads/callback";
const PLATFORM = "facebook-ads";

let sandbox: SandboxServer;
let connector: AdPlatformConnector;
let tokens: TokenSet;
let account: ExternalAdAccount;
let image: Uint8Array;

beforeAll(async () => {
  sandbox = await startSandboxServer({
    platforms: { [PLATFORM]: (kit) => createFacebookAdsSandbox(kit) },
    appUrl: new URL(REDIRECT_URI).origin,
  });
  connector = createFacebookAdsConnector(sandbox.config(facebookAdsMetadata), { pollIntervalMs: 10 });
  const callback = await sandbox.authorize(connector.authorizeUrl({ state: "s", redirectUri: REDIRECT_URI }));
  tokens = await connector.exchangeCode(callback.searchParams, REDIRECT_URI);
  [account] = (await connector.listAdAccounts(tokens)) as [ExternalAdAccount];
  image = new Uint8Array(
    await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#ff6633" } })
      .png()
      .toBuffer(),
  );
});

afterAll(async () => {
  await sandbox?.close();
});

describe("Meta image ads", () => {
  it("uploads the image, makes the creative and the ad in the ad set, and lists it at once", async () => {
    const [adSet] = await connector.listAdGroups(tokens, account);
    const before = await connector.listAds(tokens, account);
    const created = await connector.createImageAd!(tokens, account, {
      adGroupExternalId: adSet!.externalId,
      image: { bytes: image, contentType: "image/png", fileName: "square.png" },
      name: "Square – image",
      headline: "New collection",
      body: "Made to last.",
      landingUrl: "https://shop.example.com/new?utm_source=facebook&utm_medium=paid_social&utm_campaign=new",
      status: "enabled",
    });
    expect(created).toMatchObject({
      adGroupExternalId: adSet!.externalId,
      campaignExternalId: adSet!.campaignExternalId,
      name: "Square – image",
      status: "enabled",
      creative: {
        kind: "image",
        headline: "New collection",
        body: "Made to last.",
        landingUrl: "https://shop.example.com/new?utm_source=facebook&utm_medium=paid_social&utm_campaign=new",
      },
    });
    const after = await connector.listAds(tokens, account);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((ad) => ad.externalId === created.externalId)).toEqual(created);
    const served = await fetch(created.creative.mediaUrl!);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
  });

  it("is refused with Meta's error for an ad set of no account of the grant, and creates nothing", async () => {
    const before = await connector.listAds(tokens, account);
    const error = await connector.createImageAd!(tokens, account, {
      adGroupExternalId: "1",
      image: { bytes: image, contentType: "image/png", fileName: "square.png" },
      name: "Nowhere",
      headline: "Hello",
      body: "Text.",
      landingUrl: "https://shop.example.com/",
      status: "paused",
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).kind).toBe("rejected");
    expect(await connector.listAds(tokens, account)).toHaveLength(before.length);
  });

  it("refuses bytes that are no image", async () => {
    const [adSet] = await connector.listAdGroups(tokens, account);
    const error = await connector.createImageAd!(tokens, account, {
      adGroupExternalId: adSet!.externalId,
      image: { bytes: new TextEncoder().encode("not an image"), contentType: "image/png", fileName: "x.png" },
      name: "Broken",
      headline: "Hello",
      body: "Text.",
      landingUrl: "https://shop.example.com/",
      status: "paused",
    }).catch((caught: unknown) => caught);
    expect((error as PlatformError).kind).toBe("rejected");
  });
});
