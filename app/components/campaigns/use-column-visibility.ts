import { useCallback, useEffect, useState } from "react";
import type { CampaignSortKey } from "#core/analytics/analytics-types.ts";
import { ALL_COLUMN_IDS } from "./campaign-columns.tsx";

const STORAGE_PREFIX = "adhelm.campaign-columns.";

/**
 * Which optional columns the table shows, remembered per person in this browser. The server render
 * shows every column; the stored choice applies right after hydration.
 */
export function useColumnVisibility(userId: string | null) {
  const [hidden, setHidden] = useState<ReadonlySet<CampaignSortKey>>(new Set());
  const key = `${STORAGE_PREFIX}${userId ?? "anonymous"}`;

  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? "[]") as unknown;
      if (Array.isArray(stored)) setHidden(new Set(ALL_COLUMN_IDS.filter((id) => stored.includes(id))));
    } catch {
      // A broken entry is forgotten: every column shows.
    }
  }, [key]);

  const setVisible = useCallback(
    (id: CampaignSortKey, isVisible: boolean) =>
      setHidden((current) => {
        const next = new Set(current);
        if (isVisible) next.delete(id);
        else next.add(id);
        try {
          window.localStorage.setItem(key, JSON.stringify([...next]));
        } catch {
          // Storage full or blocked: the choice lasts until the page closes.
        }
        return next;
      }),
    [key],
  );

  const showAll = useCallback(() => {
    setHidden(new Set());
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored to remove.
    }
  }, [key]);

  return { hidden, setVisible, showAll };
}
