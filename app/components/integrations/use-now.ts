import { useEffect, useState } from "react";

const TICK_MS = 30_000;

/**
 * The current time for "2 minutes ago": the server's `now` for the server render and hydration
 * (so both render the same text), then the browser's clock, refreshed every 30 seconds.
 */
export function useNow(serverNow: string): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
    // A revalidation brings a new server time: re-read the clock then too.
  }, [serverNow]);
  return now;
}
