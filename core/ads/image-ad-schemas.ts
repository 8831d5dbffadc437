import { z } from "zod";
import { hasUtmParameters } from "./ad-utm.ts";

/** The longest landing URL the platforms take (Google's final URL: 2048). */
export const LANDING_URL_MAX = 2048;

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
};

/** A new image ad as the form or an API client sends it (untrusted); the platform's own limits are checked after. */
export const newImageAdSchema = z.object({
  campaignId: z.string().trim().min(1, "Choose a campaign.").max(64),
  adGroupId: z.string({ error: "Choose an ad group." }).trim().min(1, "Choose an ad group.").max(64),
  assetId: z.string({ error: "Choose an uploaded image." }).trim().min(1, "Choose an uploaded image.").max(64),
  headline: z.string({ error: "Write a headline." }).trim().min(1, "Write a headline."),
  body: z.string({ error: "Write the ad's text." }).trim().min(1, "Write the ad's text."),
  landingUrl: z
    .string({ error: "Enter the landing page's address." })
    .trim()
    .min(1, "Enter the landing page's address.")
    .max(LANDING_URL_MAX, "The landing page's address is too long.")
    .refine(isHttpUrl, "Enter a full web address, starting with https://.")
    .refine(
      (url) => hasUtmParameters(url, null),
      "The landing URL needs utm_source, utm_medium and utm_campaign, so store orders are attributed to the ad.",
    ),
  status: z.enum(["enabled", "paused"], { error: "Choose whether the ad starts active or paused." }).default("paused"),
});

export type NewImageAdInput = z.input<typeof newImageAdSchema>;
