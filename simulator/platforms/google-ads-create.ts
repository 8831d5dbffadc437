import { randomInt } from "node:crypto";
import type { Context } from "hono";
import type { SandboxKit, SimAccount } from "../sandbox-kit.ts";
import { type AdsFailure, asRecord, mutateError, notFound, PLATFORM, requiredField } from "./google-ads-common.ts";

/**
 * Creating a display ad from an image, as the Ads API does it: `assets:mutate` creates an IMAGE
 * asset from the bytes (`imageAsset.data`, base64), then `adGroupAds:mutate` creates an
 * ad_group_ad whose ad is a RESPONSIVE_DISPLAY_AD pointing at the asset in `marketingImages`.
 * Mutates are all or nothing; `validateOnly` checks without creating.
 */

/** Google's text limits of a responsive display ad. */
const LIMITS = { headline: 30, longHeadline: 90, description: 90, businessName: 25, name: 255 } as const;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

type At = (...path: string[]) => AdsFailure["location"];

const tooLong = (location: AdsFailure["location"], max: number): AdsFailure => ({
  errorCode: { stringLengthError: "TOO_LONG" },
  message: `Too long: at most ${max} characters.`,
  location,
});

function textOf(value: unknown): string | null {
  const text = typeof value === "string" ? value : asRecord(value).text;
  return typeof text === "string" && text.trim() ? text.trim() : null;
}

function operationsOf(c: Context, request: Record<string, unknown>) {
  const operations = Array.isArray(request.operations) ? (request.operations as unknown[]) : [];
  if (operations.length === 0)
    return mutateError(c, [{ errorCode: { mutateError: "EMPTY_OPERATIONS" }, message: "No operations were given." }]);
  return operations.map((raw, index) => ({
    create: asRecord(asRecord(raw).create),
    hasCreate: asRecord(raw).create !== undefined,
    at: ((...path: string[]) => ({
      fieldPathElements: [{ fieldName: "operations", index }, ...path.map((fieldName) => ({ fieldName }))],
    })) as At,
  }));
}

export function createGoogleAdCreation(kit: SandboxKit) {
  /** AssetService: IMAGE assets from their bytes (the only kind the sandbox creates). */
  async function runAssetsMutate(c: Context, tenant: string, account: SimAccount, request: Record<string, unknown>) {
    const operations = operationsOf(c, request);
    if (operations instanceof Response) return operations;
    const planned: { id: string; name: string; bytes: Uint8Array }[] = [];
    const failures: AdsFailure[] = [];
    for (const { create, hasCreate, at } of operations) {
      if (!hasCreate) {
        failures.push({
          errorCode: { mutateError: "OPERATION_NOT_PERMITTED_FOR_CONTEXT" },
          message: "The sandbox creates image assets only.",
          location: at("operation"),
        });
        continue;
      }
      const data = asRecord(create.imageAsset).data;
      if (typeof data !== "string" || !data) {
        failures.push(requiredField(at("create", "image_asset", "data")));
        continue;
      }
      if (create.type !== undefined && create.type !== "IMAGE") {
        failures.push({
          errorCode: { assetError: "ASSET_TYPE_MISMATCH" },
          message: "An asset with image_asset data is of type IMAGE.",
          location: at("create", "type"),
        });
        continue;
      }
      const bytes = new Uint8Array(Buffer.from(data, "base64"));
      if (bytes.byteLength > MAX_IMAGE_BYTES) {
        failures.push({
          errorCode: { imageError: "FILE_TOO_LARGE" },
          message: "The image file is too large (at most 5120 KB).",
          location: at("create", "image_asset", "data"),
        });
        continue;
      }
      const name = typeof create.name === "string" && create.name.trim() ? create.name.trim() : "";
      planned.push({ id: String(randomInt(10_000_000_000, 99_999_999_999)), name, bytes });
    }
    if (failures.length > 0) return mutateError(c, failures);
    const results = [];
    for (const [index, asset] of planned.entries()) {
      try {
        await kit.engine.uploadImage(tenant, PLATFORM, account.id, {
          ...asset,
          name: asset.name || `Image ${asset.id}`,
        });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        return mutateError(c, [
          {
            errorCode: { imageError: "INVALID_IMAGE" },
            message: "The image is not valid.",
            location: { fieldPathElements: [{ fieldName: "operations", index }, { fieldName: "create" }] },
          },
        ]);
      }
      results.push({ resourceName: `customers/${account.id}/assets/${asset.id}` });
    }
    return c.json({ results });
  }

  /** AdGroupAdService: a RESPONSIVE_DISPLAY_AD with an uploaded image asset, in an ad group of the customer. */
  async function runAdGroupAdsMutate(
    c: Context,
    tenant: string,
    account: SimAccount,
    request: Record<string, unknown>,
  ) {
    const operations = operationsOf(c, request);
    if (operations instanceof Response) return operations;
    const customer = `customers/${account.id}`;
    const groups = new Set((await kit.engine.listAdGroups(tenant, PLATFORM, account.id)).map((group) => group.id));
    const planned: Parameters<typeof kit.engine.createImageAd>[3][] = [];
    const failures: AdsFailure[] = [];
    for (const { create, hasCreate, at } of operations) {
      if (!hasCreate) {
        failures.push({
          errorCode: { mutateError: "OPERATION_NOT_PERMITTED_FOR_CONTEXT" },
          message: "The sandbox creates ad group ads only.",
          location: at("operation"),
        });
        continue;
      }
      const adGroupId = new RegExp(`^${customer}/adGroups/(\\d+)$`).exec(String(create.adGroup ?? ""))?.[1];
      if (!adGroupId || !groups.has(adGroupId)) {
        failures.push(
          create.adGroup === undefined ? requiredField(at("create", "ad_group")) : notFound(at("create", "ad_group")),
        );
        continue;
      }
      const status = create.status === undefined ? "ENABLED" : create.status;
      if (status !== "ENABLED" && status !== "PAUSED") {
        failures.push({
          errorCode: { requestError: "INVALID_ENUM_VALUE" },
          message: "A new ad is ENABLED or PAUSED.",
          location: at("create", "status"),
        });
        continue;
      }
      const ad = asRecord(create.ad);
      const display = asRecord(ad.responsiveDisplayAd);
      if (Object.keys(display).length === 0) {
        failures.push({
          errorCode: { adError: "AD_TYPE_NOT_SUPPORTED" },
          message: "The sandbox creates RESPONSIVE_DISPLAY_AD ads only.",
          location: at("create", "ad", "responsive_display_ad"),
        });
        continue;
      }
      const problems: AdsFailure[] = [];
      const finalUrl = Array.isArray(ad.finalUrls) ? ad.finalUrls[0] : undefined;
      if (typeof finalUrl !== "string") problems.push(requiredField(at("create", "ad", "final_urls")));
      else if (!isHttpUrl(finalUrl))
        problems.push({
          errorCode: { urlFieldError: "INVALID_URL" },
          message: "The final URL is not a valid http(s) URL.",
          location: at("create", "ad", "final_urls"),
        });
      const image = Array.isArray(display.marketingImages) ? asRecord(display.marketingImages[0]).asset : undefined;
      const imageId = new RegExp(`^${customer}/assets/(\\d+)$`).exec(String(image ?? ""))?.[1];
      const uploaded = imageId ? await kit.engine.findUploadedImage(tenant, PLATFORM, imageId) : null;
      if (!uploaded || uploaded.accountId !== account.id)
        problems.push(
          image === undefined
            ? requiredField(at("create", "ad", "responsive_display_ad", "marketing_images"))
            : notFound(at("create", "ad", "responsive_display_ad", "marketing_images")),
        );
      const headlines = Array.isArray(display.headlines) ? display.headlines.map(textOf) : [];
      const descriptions = Array.isArray(display.descriptions) ? display.descriptions.map(textOf) : [];
      const longHeadline = textOf(display.longHeadline);
      const businessName = textOf(display.businessName);
      const texts: [string | null | undefined, number, string[]][] = [
        [headlines[0], LIMITS.headline, ["headlines"]],
        [longHeadline, LIMITS.longHeadline, ["long_headline"]],
        [descriptions[0], LIMITS.description, ["descriptions"]],
        [businessName, LIMITS.businessName, ["business_name"]],
      ];
      for (const [text, max, path] of texts) {
        const location = at("create", "ad", "responsive_display_ad", ...path);
        if (!text) problems.push(requiredField(location));
        else if (text.length > max) problems.push(tooLong(location, max));
      }
      const name = typeof ad.name === "string" ? ad.name.trim() : "";
      if (name.length > LIMITS.name) problems.push(tooLong(at("create", "ad", "name"), LIMITS.name));
      if (problems.length > 0) {
        failures.push(...problems);
        continue;
      }
      planned.push({
        adGroupId,
        name: name || `${headlines[0]}`,
        status: status === "ENABLED" ? "enabled" : "paused",
        creativeId: imageId!,
        imageId: imageId!,
        headline: headlines[0]!,
        body: descriptions[0]!,
        landingUrl: finalUrl as string,
        urlSuffix: typeof ad.finalUrlSuffix === "string" && ad.finalUrlSuffix.trim() ? ad.finalUrlSuffix.trim() : null,
      });
    }
    if (failures.length > 0) return mutateError(c, failures);
    if (request.validateOnly === true) return c.json({ results: [] });
    const results = [];
    for (const input of planned) {
      const created = await kit.engine.createImageAd(tenant, PLATFORM, account.id, input);
      if (!created) return mutateError(c, [notFound(undefined)]);
      results.push({ resourceName: `${customer}/adGroupAds/${created.adGroupId}~${created.id}` });
    }
    return c.json({ results });
  }

  return { runAssetsMutate, runAdGroupAdsMutate };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
