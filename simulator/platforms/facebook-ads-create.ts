import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { uploadedImagePaths } from "../market/created-ads.ts";
import type { SandboxKit, SimAccount } from "../sandbox-kit.ts";
import { PLATFORM } from "./facebook-ads-common.ts";
import { absoluteMediaUrl, creativeKey, type StoredCreative } from "./facebook-ads-creatives.ts";
import { type GraphErrorSpec, respondGraphError, unknownObjectError } from "./facebook-ads-graph.ts";

/**
 * A new ad from an image, as the Marketing API does it: POST /act_{id}/adimages (`bytes`, the
 * image in base64) answers the image's hash; POST /act_{id}/adcreatives (see facebook-ads-ads.ts)
 * makes a creative whose object_story_spec.link_data carries `image_hash`; POST /act_{id}/ads
 * (`name`, `adset_id`, `creative={"creative_id":…}`, `status`) creates the ad in the ad set.
 */

type Authenticate = (c: Context) => Promise<{ tenant: string; params: Record<string, string> } | Response>;

const invalidParameter = (message: string, subcode?: number): GraphErrorSpec => ({
  message: `(#100) ${message}`,
  code: 100,
  ...(subcode ? { error_subcode: subcode } : {}),
});

interface LinkData {
  image_hash?: unknown;
  link?: unknown;
  name?: unknown;
  message?: unknown;
}

export function registerFacebookAdCreation(
  graph: Hono,
  kit: SandboxKit,
  authenticate: Authenticate,
  findAccount: (tenant: string, node: string) => SimAccount | undefined,
): void {
  graph.post("/:node/adimages", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "post"));
    const data = auth.params.bytes;
    if (!data) return respondGraphError(c, invalidParameter("The parameter bytes is required"));
    const bytes = new Uint8Array(Buffer.from(data, "base64"));
    const hash = createHash("md5").update(bytes).digest("hex");
    const name = auth.params.name?.trim() || `${hash}.jpg`;
    try {
      await kit.engine.uploadImage(auth.tenant, PLATFORM, account.id, { id: hash, name, bytes });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return respondGraphError(c, invalidParameter("Invalid image file: the file is not a supported image", 1487242));
    }
    const url = absoluteMediaUrl(c.req.url, uploadedImagePaths(PLATFORM, auth.tenant, hash).media);
    return c.json({ images: { [name]: { hash, url } } });
  });

  graph.post("/:node/ads", async (c) => {
    const auth = await authenticate(c);
    if (auth instanceof Response) return auth;
    const node = c.req.param("node");
    const account = findAccount(auth.tenant, node);
    if (!account) return respondGraphError(c, unknownObjectError(node, "post"));
    const { name, adset_id: adSetId, creative, status = "ACTIVE" } = auth.params;
    if (!name?.trim()) return respondGraphError(c, invalidParameter("The parameter name is required"));
    if (!adSetId) return respondGraphError(c, invalidParameter("The parameter adset_id is required"));
    if (status !== "ACTIVE" && status !== "PAUSED")
      return respondGraphError(c, invalidParameter("Param status must be one of {ACTIVE, PAUSED}"));
    const groups = await kit.engine.listAdGroups(auth.tenant, PLATFORM, account.id);
    if (!groups.some((group) => group.id === adSetId))
      return respondGraphError(c, invalidParameter(`The ad set ${adSetId} does not exist in this ad account`, 1487056));
    let creativeId: string | null = null;
    try {
      const value = JSON.parse(creative ?? "null") as { creative_id?: unknown } | null;
      creativeId = value && typeof value.creative_id === "string" ? value.creative_id : null;
    } catch {
      creativeId = null;
    }
    if (!creativeId) return respondGraphError(c, invalidParameter('Param creative must be {"creative_id":"<ID>"}'));
    const storedText = await kit.records.get(auth.tenant, PLATFORM, creativeKey(creativeId));
    const stored = storedText ? (JSON.parse(storedText) as StoredCreative) : null;
    if (!stored || stored.accountId !== account.id)
      return respondGraphError(
        c,
        invalidParameter(`The creative ${creativeId} does not exist or does not belong to this ad account`, 1487035),
      );
    let linkData: LinkData | null = null;
    try {
      linkData = ((JSON.parse(stored.objectStorySpec ?? "null") as { link_data?: LinkData } | null)?.link_data ??
        null) as LinkData | null;
    } catch {
      linkData = null;
    }
    const imageHash = typeof linkData?.image_hash === "string" ? linkData.image_hash : null;
    const image = imageHash ? await kit.engine.findUploadedImage(auth.tenant, PLATFORM, imageHash) : null;
    if (!linkData || !image || image.accountId !== account.id)
      return respondGraphError(
        c,
        invalidParameter("The sandbox creates ads from link_data creatives with an uploaded image_hash", 1487242),
      );
    if (typeof linkData.link !== "string" || !/^https?:\/\//.test(linkData.link))
      return respondGraphError(c, invalidParameter("link_data.link must be a valid URL", 1443048));
    const created = await kit.engine.createImageAd(auth.tenant, PLATFORM, account.id, {
      adGroupId: adSetId,
      name: name.trim(),
      status: status === "ACTIVE" ? "enabled" : "paused",
      creativeId,
      imageId: image.id,
      headline: typeof linkData.name === "string" ? linkData.name : "",
      body: typeof linkData.message === "string" ? linkData.message : "",
      landingUrl: linkData.link,
      urlSuffix: stored.urlTags,
    });
    if (!created) return respondGraphError(c, unknownObjectError(adSetId, "post"));
    return c.json({ id: created.id });
  });
}
