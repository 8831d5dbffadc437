import { AppError } from "#core/errors/app-error.ts";
import type { PreferencesRepository } from "./preferences-repository.ts";
import { type Preferences, preferencesSchema } from "./preferences-schema.ts";

/**
 * Saves the preferences form for `userId`. The whole document is validated, so a forged value
 * (an unknown language, a refresh interval off the list, necessary cookies switched off) is
 * refused with a message naming the field, and nothing is saved.
 */
export async function savePreferences(
  { preferences }: { preferences: PreferencesRepository },
  userId: string,
  input: unknown,
): Promise<Preferences> {
  const parsed = preferencesSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "preferences"] ??= issue.message;
    const [field, message] = Object.entries(fieldErrors)[0] ?? ["preferences", "Invalid preferences"];
    throw new AppError("bad_request", `${message} (${field}).`, { fieldErrors });
  }
  await preferences.save(userId, parsed.data);
  return parsed.data;
}
