import { z } from "zod";
import type { ExternalAd, ExternalAdAccount, NewExternalImageAd, TokenSet } from "#core/shared/connector-port.ts";
import { PlatformError } from "#core/shared/connector-port.ts";
import { mapFacebookAd } from "./ad-mappers.ts";
import { listGraphAds } from "./ads-client.ts";
import type { FacebookClientOptions } from "./client.ts";
import { callGraph } from "./graph-request.ts";
import { createdObjectSchema } from "./schemas.ts";

/**
 * A link ad from an uploaded image, in the Marketing API's three steps: POST /act_{id}/adimages
 * (the bytes in base64) answers the image hash; POST /act_{id}/adcreatives makes the page post
 * (object_story_spec.link_data with image_hash, link, name = headline, message = text); POST
 * /act_{id}/ads puts it in the ad set. The Page is the one the account's ads already run from.
 */

const imagesSchema = z.object({
  images: z.record(z.string(), z.object({ hash: z.string(), url: z.string().optional() })),
});
const pageSchema = z.object({
  data: z.array(
    z.object({ creative: z.object({ object_story_spec: z.object({ page_id: z.string() }).optional() }).optional() }),
  ),
});

export function createFacebookImageAd(client: FacebookClientOptions) {
  return async (tokens: TokenSet, account: ExternalAdAccount, input: NewExternalImageAd): Promise<ExternalAd> => {
    const token = tokens.accessToken;
    const act = `${client.apiUrl}/act_${account.externalId}`;
    const pages = await callGraph(
      { url: `${act}/ads`, params: { fields: "creative{object_story_spec}", limit: "25" }, accessToken: token },
      pageSchema,
    );
    const pageId = pages.data.find((ad) => ad.creative?.object_story_spec?.page_id)?.creative?.object_story_spec
      ?.page_id;
    if (!pageId)
      throw new PlatformError("facebook-ads", "rejected", "This ad account has no Facebook Page its ads run from yet.");
    const uploaded = await callGraph(
      {
        url: `${act}/adimages`,
        method: "POST",
        params: { bytes: Buffer.from(input.image.bytes).toString("base64"), name: input.image.fileName },
        accessToken: token,
      },
      imagesSchema,
    );
    const hash = Object.values(uploaded.images)[0]?.hash;
    if (!hash) throw new PlatformError("facebook-ads", "rejected", "Meta did not return the uploaded image's hash.");
    const creative = await callGraph(
      {
        url: `${act}/adcreatives`,
        method: "POST",
        params: {
          name: `${input.name} creative`,
          object_story_spec: JSON.stringify({
            page_id: pageId,
            link_data: { image_hash: hash, link: input.landingUrl, name: input.headline, message: input.body },
          }),
        },
        accessToken: token,
      },
      createdObjectSchema,
    );
    const ad = await callGraph(
      {
        url: `${act}/ads`,
        method: "POST",
        params: {
          name: input.name,
          adset_id: input.adGroupExternalId,
          creative: JSON.stringify({ creative_id: creative.id }),
          status: input.status === "enabled" ? "ACTIVE" : "PAUSED",
        },
        accessToken: token,
      },
      createdObjectSchema,
    );
    const listed = (await listGraphAds(client, token, account.externalId)).find((item) => item.id === ad.id);
    if (!listed) throw new PlatformError("facebook-ads", "unavailable", "Meta does not list the new ad yet.");
    return mapFacebookAd(listed);
  };
}
