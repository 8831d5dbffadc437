import type { Preferences } from "#core/accounts/preferences-schema.ts";
import type { NotificationChannel } from "./notification-repository.ts";
import type { NotificationKind } from "./notification-types.ts";

/**
 * Which preference toggle, besides the channel's own (email, push), decides a kind: the campaign
 * alerts cover what rules, monitoring and pacing say about campaigns; billing its own. Operations
 * (sync, token, webhook, system) follow the channel's toggle alone: a broken connection matters
 * whatever else a person turned off.
 */
const TOPIC_OF: Record<NotificationKind, "campaigns" | "billing" | null> = {
  rule: "campaigns",
  anomaly: "campaigns",
  campaign: "campaigns",
  pacing: "campaigns",
  billing: "billing",
  sync: null,
  token: null,
  webhook: null,
  system: null,
};

/** Whether a person's preferences let `kind` reach them by email or push. */
export function allowsDelivery(preferences: Preferences, channel: "email" | "push", kind: NotificationKind): boolean {
  const notifications = preferences.notifications;
  if (!notifications[channel]) return false;
  const topic = TOPIC_OF[kind];
  return topic === null || notifications[topic];
}

/** Whether a notification raised for `channels` (null: every channel) goes to `channel`. */
export function isChannelAsked(channels: readonly NotificationChannel[] | null, channel: NotificationChannel): boolean {
  return channels === null || channels.includes(channel);
}
