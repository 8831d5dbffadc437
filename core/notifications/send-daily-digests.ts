import type { PreferencesRepository } from "#core/accounts/preferences-repository.ts";
import type { Logger } from "#core/ports/logger.ts";
import type { Mailer } from "#core/ports/mailer.ts";
import { unsubscribeUrlFor } from "./create-notification.ts";
import { digestMail } from "./notification-mail.ts";
import { allowsDelivery, isChannelAsked } from "./notification-preferences.ts";
import type { NotificationRepository } from "./notification-repository.ts";
import { languageOf, type MessageCatalogs, renderStored } from "./notification-text.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";

/** The digest goes out from this hour on, in each person's time zone (their profile's). */
export const DIGEST_HOUR = 8;
/** A digest covers at most the last day and a bit: older news is in the centre, not the mail. */
const DIGEST_WINDOW_MS = 26 * 60 * 60 * 1000;

/** The person's local date (YYYY-MM-DD) and hour at `now`; UTC for an unknown time zone. */
export function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
  } catch {
    return localDayAndHour(now, "UTC");
  }
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? "";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

/**
 * The daily digest: for every person with notifications that were not critical (those were mailed
 * at once) and that they have not read, one mail per organization and local day, once it is
 * DIGEST_HOUR or later where they are. The day is claimed in `notification_digests` before the
 * mail is sent, so two nodes, a rerun or a retry send it once; a mail that fails gives the claim
 * back for the next run. Each person's preferences decide, as for a critical mail.
 */
export async function sendDailyDigests(
  deps: {
    repository: NotificationRepository;
    preferences: Pick<PreferencesRepository, "findByUserId">;
    messageCatalogs: MessageCatalogs;
    mailer: Mailer;
    unsubscribeTokens: UnsubscribeTokens;
    appUrl: string;
    logger: Logger;
  },
  now: Date = new Date(),
): Promise<{ sent: number }> {
  const windowStart = new Date(now.getTime() - DIGEST_WINDOW_MS);
  const candidates = await deps.repository.digestCandidates(windowStart);
  let sent = 0;
  for (const candidate of candidates) {
    const { day, hour } = localDayAndHour(now, candidate.timezone);
    if (hour < DIGEST_HOUR) continue;
    const preferences = await deps.preferences.findByUserId(candidate.userId);
    if (!preferences.notifications.email) continue;
    const lastCutoff = await deps.repository.lastDigestCutoff(candidate.userId, candidate.organizationId);
    const from = lastCutoff && lastCutoff > windowStart ? lastCutoff : windowStart;
    const reader = { organizationId: candidate.organizationId, userId: candidate.userId };
    const items = (await deps.repository.digestItems(reader, from, now)).filter(
      (item) => isChannelAsked(item.channels, "email") && allowsDelivery(preferences, "email", item.kind),
    );
    if (items.length === 0) continue;
    const isClaimed = await deps.repository.claimDigest({ ...reader, day, coversUntil: now, count: items.length });
    if (!isClaimed) continue;
    const language = languageOf(preferences.language);
    try {
      await deps.mailer.send(
        digestMail({
          to: {
            email: candidate.email,
            name: candidate.name,
            language,
            unsubscribeUrl: unsubscribeUrlFor(deps, candidate.userId),
          },
          organization: (await deps.repository.organizationName(candidate.organizationId)) ?? "Adhelm",
          items: items.map((item) => ({
            severity: item.severity,
            ...renderStored(deps.messageCatalogs, item, language),
          })),
          url: `${deps.appUrl}/notifications`,
        }),
      );
    } catch (error) {
      await deps.repository.releaseDigest(candidate.userId, candidate.organizationId, day);
      deps.logger.warn({ err: error, userId: candidate.userId }, "notification digest mail failed; it is tried again");
      continue;
    }
    await deps.repository.markDigestSent(candidate.userId, candidate.organizationId, day, new Date());
    sent += 1;
  }
  return { sent };
}
