import { useCallback, useRef, useState } from "react";
import type { CampaignSortKey } from "#core/analytics/analytics-types.ts";
import type { Density } from "#core/table-views/table-view-schema.ts";
import { ALL_COLUMN_IDS, COLUMN_PRESETS, type ColumnPreset } from "./campaign-columns.tsx";

/** Which columns the table shows, in which order, and how tall its rows are. */
export interface ColumnLayout {
  columns: CampaignSortKey[];
  density: Density;
}

/** Only known columns, each once, in the order given. */
export function knownColumns(ids: readonly string[]): CampaignSortKey[] {
  return [...new Set(ids)].filter((id): id is CampaignSortKey => ALL_COLUMN_IDS.includes(id as CampaignSortKey));
}

/**
 * The table's columns and density as the person arranges them. It starts from what the server
 * rendered (the person's saved layout, or the view they opened), so the first paint is already
 * right; each change is handed to `onChange` (which remembers it on the server).
 */
export function useColumnVisibility(initial: ColumnLayout, onChange: (layout: ColumnLayout) => void) {
  const [layout, setLayout] = useState<ColumnLayout>(initial);
  const latest = useRef(layout);
  latest.current = layout;

  const update = useCallback(
    (change: (current: ColumnLayout) => ColumnLayout) => {
      const next = change(latest.current);
      if (next === latest.current) return;
      latest.current = next;
      setLayout(next);
      onChange(next);
    },
    [onChange],
  );

  const setVisible = useCallback(
    (id: CampaignSortKey, isVisible: boolean) =>
      update((current) => {
        const isShown = current.columns.includes(id);
        if (isShown === isVisible) return current;
        // The last column stays: a table of names alone says nothing.
        if (!isVisible && current.columns.length === 1) return current;
        return {
          ...current,
          columns: isVisible ? [...current.columns, id] : current.columns.filter((column) => column !== id),
        };
      }),
    [update],
  );

  /** Moves a shown column one place left (-1) or right (+1). */
  const move = useCallback(
    (id: CampaignSortKey, by: -1 | 1) =>
      update((current) => {
        const from = current.columns.indexOf(id);
        const to = from + by;
        if (from < 0 || to < 0 || to >= current.columns.length) return current;
        const columns = [...current.columns];
        [columns[from], columns[to]] = [columns[to] as CampaignSortKey, columns[from] as CampaignSortKey];
        return { ...current, columns };
      }),
    [update],
  );

  const applyPreset = useCallback(
    (preset: ColumnPreset) => update((current) => ({ ...current, columns: [...COLUMN_PRESETS[preset]] })),
    [update],
  );

  const setDensity = useCallback(
    (density: Density) => update((current) => (current.density === density ? current : { ...current, density })),
    [update],
  );

  return { layout, setVisible, move, applyPreset, setDensity };
}

export type ColumnLayoutControls = ReturnType<typeof useColumnVisibility>;
