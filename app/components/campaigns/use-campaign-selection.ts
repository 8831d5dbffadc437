import { useCallback, useEffect, useMemo, useState } from "react";

/**
 * The rows ticked in the table, kept across pages of the same filters, or "every campaign matching
 * the filters". A change of filters (`scopeKey`) starts afresh: a selection made under other
 * filters would act on campaigns no longer in view.
 */
export function useCampaignSelection(pageIds: readonly string[], scopeKey: string) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [isAllMatching, setIsAllMatching] = useState(false);

  useEffect(() => {
    void scopeKey;
    setIds(new Set());
    setIsAllMatching(false);
  }, [scopeKey]);

  const toggle = useCallback((id: string, isSelected: boolean) => {
    setIsAllMatching(false);
    setIds((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const selectedOnPage = useMemo(
    () => pageIds.filter((id) => isAllMatching || ids.has(id)).length,
    [pageIds, ids, isAllMatching],
  );
  const isPageSelected = pageIds.length > 0 && selectedOnPage === pageIds.length;

  const togglePage = useCallback(
    (isSelected: boolean) => {
      setIsAllMatching(false);
      setIds((current) => {
        const next = new Set(current);
        for (const id of pageIds) {
          if (isSelected) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    },
    [pageIds],
  );

  const clear = useCallback(() => {
    setIds(new Set());
    setIsAllMatching(false);
  }, []);

  return {
    ids,
    isAllMatching,
    isSelected: (id: string) => isAllMatching || ids.has(id),
    selectedOnPage,
    isPageSelected,
    toggle,
    togglePage,
    selectAllMatching: () => setIsAllMatching(true),
    clear,
  };
}

export type CampaignSelection = ReturnType<typeof useCampaignSelection>;
