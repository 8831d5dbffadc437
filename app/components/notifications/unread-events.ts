/** Said by the centre after a read, so the sidebar's badge asks again at once instead of at its next poll. */
export const NOTIFICATIONS_CHANGED_EVENT = "adhelm:notifications-changed";

export function announceNotificationsChanged(): void {
  window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
}
