import type { z } from "zod";
import { AppError } from "#core/errors/app-error.ts";
import { isSupportedCurrency, isSupportedTimeZone } from "./profile-options.ts";
import type { ProfileRepository, UserProfile } from "./profile-repository.ts";
import { type ProfileInput, profileSchema } from "./profile-schema.ts";

export type ProfileFieldErrors = Partial<Record<keyof ProfileInput, string>>;

type Issue = z.core.$ZodIssue;

// A union (company size: a listed size or "") reports "Invalid input"; its first branch says why.
function messageOf(issue: Issue): string {
  if (issue.code === "invalid_union") return issue.errors[0]?.[0]?.message ?? issue.message;
  return issue.message;
}

export const PROFILE_INVALID_MESSAGE = "Please correct the highlighted fields.";

/**
 * Saves the profile form for `userId`. The input is untrusted (the browser validated it, but a
 * forged request need not have): anything off the schema or the server's lists is refused with
 * field errors in `details.fieldErrors`, and nothing is saved.
 */
export async function updateProfile(
  {
    profiles,
    followRegion,
  }: {
    profiles: ProfileRepository;
    /**
     * Called when the person's time zone or currency changed: the organizations they own that still
     * use the old ones follow (a new workspace starts with its owner's region, before the profile is
     * filled in).
     */
    followRegion?: (
      userId: string,
      before: { timeZone: string; currency: string },
      after: { timeZone: string; currency: string },
    ) => Promise<void>;
  },
  userId: string,
  input: unknown,
): Promise<UserProfile> {
  const parsed = profileSchema.safeParse(input);
  const fieldErrors: ProfileFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field in profileSchema.shape)
        fieldErrors[field as keyof ProfileInput] ??= messageOf(issue);
    }
  } else {
    // The schema accepts any valid zone or code; the form offers only what this server lists.
    if (!isSupportedTimeZone(parsed.data.timezone)) fieldErrors.timezone = "Choose a time zone from the list";
    if (!isSupportedCurrency(parsed.data.currency)) fieldErrors.currency = "Choose a currency from the list";
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0)
    throw new AppError("bad_request", PROFILE_INVALID_MESSAGE, { fieldErrors });

  const before = await profiles.findById(userId);
  const profile = await profiles.update(userId, parsed.data);
  if (!profile) throw new AppError("not_found", "No profile exists for this account.");
  if (before && followRegion && (before.timezone !== profile.timezone || before.currency !== profile.currency))
    await followRegion(
      userId,
      { timeZone: before.timezone, currency: before.currency },
      { timeZone: profile.timezone, currency: profile.currency },
    );
  return profile;
}
