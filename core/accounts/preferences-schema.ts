import { z } from "zod";

/** Options and defaults of the spec's preferences page. */
export const LANGUAGES = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
  { value: "fr", label: "Français" },
  { value: "de", label: "Deutsch" },
] as const;
export const REFRESH_INTERVALS = ["15", "30", "60", "300"] as const;

export const preferencesSchema = z.object({
  language: z.enum(["en", "es", "fr", "de"], { error: "Choose a language from the list" }),
  notifications: z.object({
    email: z.boolean(),
    push: z.boolean(),
    marketing: z.boolean(),
    campaigns: z.boolean(),
    billing: z.boolean(),
  }),
  dashboard: z.object({
    autoRefresh: z.boolean(),
    refreshInterval: z.enum(REFRESH_INTERVALS, { error: "Choose a refresh interval from the list" }),
    compactMode: z.boolean(),
    showTooltips: z.boolean(),
  }),
  privacy: z.object({
    analytics: z.boolean(),
    dataSharing: z.boolean(),
    // Necessary cookies cannot be switched off: the site does not work without its session cookie.
    cookiesNecessary: z.literal(true, { error: "Necessary cookies cannot be turned off" }),
    cookiesAnalytics: z.boolean(),
    cookiesMarketing: z.boolean(),
  }),
});
export type Preferences = z.output<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  language: "en",
  notifications: { email: true, push: true, marketing: false, campaigns: true, billing: true },
  dashboard: { autoRefresh: true, refreshInterval: "30", compactMode: false, showTooltips: true },
  privacy: {
    analytics: true,
    dataSharing: false,
    cookiesNecessary: true,
    cookiesAnalytics: true,
    cookiesMarketing: false,
  },
};
