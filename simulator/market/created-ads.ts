import { createHash, randomInt } from "node:crypto";
import { z } from "zod";
import type { AdPlatformId } from "../lib/platform-ids.ts";
import type { NewSimImageAd, SimAd, SimUploadedImage } from "../sandbox-kit.ts";
import type { SandboxStateRepository } from "../sandbox-state-repository.ts";
import { tenantToken } from "./ads.ts";

/**
 * Images uploaded and ads created through the platforms' APIs (Meta adimages + ads, Google image
 * assets + ad_group_ad create, …). The sandbox keeps them in its settings: an image's bytes under
 * its own key, a tenant's created ads in one list per platform. They deliver nothing (no
 * ad-days): a new ad has no history yet.
 */

type SettingsState = Pick<SandboxStateRepository, "getSetting" | "putSetting" | "deleteSetting">;

/** Like the platforms' own limit (Meta and Google: 30 MB for an image). */
export const MAX_UPLOADED_IMAGE_BYTES = 30 * 1024 * 1024;

const imageRecord = z.object({
  accountId: z.string(),
  name: z.string(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  data: z.string(),
});
const createdList = z.array(
  z.object({ accountId: z.string(), ad: z.custom<SimAd>((value) => typeof value === "object") }),
);

/** Where the sandbox serves an uploaded image (relative to its root), and its 320 px thumbnail. */
export function uploadedImagePaths(platform: AdPlatformId, tenant: string, imageId: string) {
  const base = `/media/uploaded/${platform}/${tenantToken(tenant)}/${imageId}`;
  return { media: base, thumbnail: `${base}_thumb` };
}

export function createCreatedAdStore(state: SettingsState) {
  // Keys are at most 64 characters (sandbox_settings.key): a digest names the tenant, platform and image.
  const digest = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 40);
  const imageKey = (tenant: string, platform: string, id: string) => `uploaded_image:${digest(tenant, platform, id)}`;
  const adsKey = (tenant: string, platform: string) => `created_ads:${digest(tenant, platform)}`;
  /** One write at a time per list, so two creations at once both stay. */
  let queue: Promise<unknown> = Promise.resolve();

  async function readAds(tenant: string, platform: string) {
    const raw = await state.getSetting(adsKey(tenant, platform));
    const parsed = raw === null ? null : createdList.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : [];
  }

  return {
    /** Keeps an image's bytes (checked as an image by sharp); throws a RangeError for anything else. */
    async saveImage(
      tenant: string,
      platform: AdPlatformId,
      input: { id: string; accountId: string; name: string; bytes: Uint8Array },
    ): Promise<SimUploadedImage> {
      if (input.bytes.byteLength === 0 || input.bytes.byteLength > MAX_UPLOADED_IMAGE_BYTES)
        throw new RangeError("The image is empty or larger than 30 MB.");
      const { default: sharp } = await import("sharp");
      const metadata = await sharp(input.bytes, { limitInputPixels: 50_000_000 })
        .metadata()
        .catch(() => null);
      const format = metadata?.format;
      if (!metadata?.width || !metadata.height || !format || !["jpeg", "png", "gif", "webp"].includes(format))
        throw new RangeError("The file is not a JPEG, PNG, GIF or WebP image.");
      const image: SimUploadedImage = {
        id: input.id,
        accountId: input.accountId,
        name: input.name,
        contentType: `image/${format}`,
        width: metadata.width,
        height: metadata.height,
        bytes: input.bytes,
      };
      await state.putSetting(
        imageKey(tenant, platform, input.id),
        JSON.stringify({ ...image, bytes: undefined, data: Buffer.from(input.bytes).toString("base64") }),
      );
      return image;
    },

    async findImage(tenant: string, platform: AdPlatformId, id: string): Promise<SimUploadedImage | null> {
      if (!/^[\w-]{1,64}$/.test(id)) return null;
      const raw = await state.getSetting(imageKey(tenant, platform, id));
      const parsed = raw === null ? null : imageRecord.safeParse(JSON.parse(raw));
      if (!parsed?.success) return null;
      const { data, ...rest } = parsed.data;
      return { id, ...rest, bytes: new Uint8Array(Buffer.from(data, "base64")) };
    },

    /** Stores a created image ad and returns it as the platform lists it. */
    addImageAd(tenant: string, platform: AdPlatformId, accountId: string, input: NewSimImageAd): Promise<SimAd> {
      const paths = uploadedImagePaths(platform, tenant, input.imageId);
      const ad: SimAd = {
        id: "",
        adGroupId: input.adGroupId,
        campaignId: input.campaignId,
        name: input.name,
        status: input.status,
        creative: {
          id: input.creativeId,
          kind: "image",
          headline: input.headline,
          body: input.body,
          landingUrl: input.landingUrl,
          urlSuffix: input.urlSuffix,
          mediaUrlPath: paths.media,
          thumbnailUrlPath: paths.thumbnail,
        },
      };
      const run = queue.then(async () => {
        const list = await readAds(tenant, platform);
        const taken = new Set(list.map((entry) => entry.ad.id));
        do ad.id = String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999));
        while (taken.has(ad.id));
        list.push({ accountId, ad });
        await state.putSetting(adsKey(tenant, platform), JSON.stringify(list));
        return ad;
      });
      queue = run.catch(() => undefined);
      return run;
    },

    /** The ads created in an account, oldest first. */
    async listAds(tenant: string, platform: AdPlatformId, accountId: string): Promise<SimAd[]> {
      return (await readAds(tenant, platform))
        .filter((entry) => entry.accountId === accountId)
        .map((entry) => entry.ad);
    },
  };
}
