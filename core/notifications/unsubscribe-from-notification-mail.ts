import type { PreferencesRepository } from "#core/accounts/preferences-repository.ts";
import type { NotificationRepository } from "./notification-repository.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";

export interface UnsubscribeLink {
  email: string;
  isEmailOn: boolean;
  language: string;
}

type Dependencies = {
  repository: NotificationRepository;
  preferences: PreferencesRepository;
  unsubscribeTokens: UnsubscribeTokens;
};

/** Whose link it is and whether their notification mail is on; null for a forged or stale link. */
export async function readNotificationUnsubscribeLink(
  deps: Dependencies,
  token: unknown,
): Promise<UnsubscribeLink | null> {
  const userId = deps.unsubscribeTokens.userIdOf(String(token ?? ""));
  if (!userId) return null;
  const user = await deps.repository.findUser(userId);
  if (!user) return null;
  const preferences = await deps.preferences.findByUserId(userId);
  return { email: user.email, isEmailOn: preferences.notifications.email, language: preferences.language };
}

/**
 * The one-click unsubscribe (the mail's link, and RFC 8058's POST from the mail client): turns the
 * person's email notifications off, without signing in. The signed token is the proof.
 */
export async function unsubscribeFromNotificationMail(
  deps: Dependencies,
  token: unknown,
): Promise<UnsubscribeLink | null> {
  const link = await readNotificationUnsubscribeLink(deps, token);
  const userId = deps.unsubscribeTokens.userIdOf(String(token ?? ""));
  if (!link || !userId) return null;
  if (link.isEmailOn) {
    const preferences = await deps.preferences.findByUserId(userId);
    await deps.preferences.save(userId, {
      ...preferences,
      notifications: { ...preferences.notifications, email: false },
    });
  }
  return { ...link, isEmailOn: false };
}
