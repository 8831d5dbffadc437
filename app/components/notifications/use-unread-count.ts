import { useEffect, useState } from "react";
import { NOTIFICATIONS_CHANGED_EVENT } from "./unread-events.ts";

/** The badge asks this often (the issue asks for 30 s at most). */
export const UNREAD_POLL_MS = 15_000;

/**
 * The viewer's unread count, live: the layout's loader gives the first value (and a new one after
 * every action, as React Router revalidates), and the browser asks /notifications/unread every
 * 15 s while the tab is visible, when it comes back into view, and when the centre marks something
 * read. Polling, not server-sent events: one indexed count per tab and interval, no connection held
 * open through deploys and graceful shutdowns, and it works the same behind any proxy.
 */
export function useUnreadCount(initial: number | null): number | null {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (initial === null) return;
    let isActive = true;
    let controller: AbortController | null = null;
    const refresh = async () => {
      if (document.visibilityState === "hidden") return;
      controller?.abort();
      controller = new AbortController();
      try {
        const response = await fetch("/notifications/unread", {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as { count?: unknown };
        if (isActive && typeof body.count === "number") setCount(body.count);
      } catch {
        // Offline or aborted: the next tick tries again.
      }
    };
    const timer = window.setInterval(refresh, UNREAD_POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void refresh();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      isActive = false;
      controller?.abort();
      window.clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, refresh);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [initial]);
  return count;
}
