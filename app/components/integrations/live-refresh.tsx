import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

const REFRESH_MS = 2000;
/** A requested sync is queued before it runs: keep looking this long for it to show up. */
const GRACE_MS = 30_000;

const ExpectSyncContext = createContext<() => void>(() => {});

/** Call after asking for a sync, so the page follows it even before the loader shows it running. */
export function useExpectSync(): () => void {
  return useContext(ExpectSyncContext);
}

/**
 * While a sync runs (or was just asked for), re-read the loader every 2 seconds so progress and
 * "Last sync" move without a reload; stop once nothing syncs, and skip ticks while the tab is
 * hidden or a load is already in flight.
 */
export function LiveRefresh({
  isSyncing,
  isAwaitingSync,
  children,
}: {
  isSyncing: boolean;
  /** A connection that never synced: its first sync may be queued right now. */
  isAwaitingSync: boolean;
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const [graceUntil, setGraceUntil] = useState(0);
  const expectSync = useCallback(() => setGraceUntil(Date.now() + GRACE_MS), []);

  useEffect(() => {
    if (isAwaitingSync) expectSync();
  }, [isAwaitingSync, expectSync]);

  useEffect(() => {
    if (!isSyncing && graceUntil <= Date.now()) return;
    const timer = window.setInterval(() => {
      if (!isSyncing && Date.now() > graceUntil) {
        window.clearInterval(timer);
        return;
      }
      const current = revalidatorRef.current;
      if (document.visibilityState === "hidden" || current.state !== "idle") return;
      void current.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [isSyncing, graceUntil]);

  return <ExpectSyncContext.Provider value={expectSync}>{children}</ExpectSyncContext.Provider>;
}
