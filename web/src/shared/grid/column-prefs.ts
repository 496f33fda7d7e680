import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useAppSelector } from '../../app/store';

/**
 * The columns a user chose for a grid (hidden or shown, widths dragged), remembered in this browser per signed-in
 * user and grid: `grid-columns:<user id>:<grid id>` in localStorage. Without storage (private mode) the choice
 * lasts until the page is left.
 */
export interface ColumnPrefs {
  visibility: GridColumnVisibilityModel;
  widths: Record<string, number>;
}

const EMPTY: ColumnPrefs = { visibility: {}, widths: {} };

export const columnPrefsKey = (userId: string, gridId: string) => `grid-columns:${userId}:${gridId}`;

/** What was stored, keeping only well-formed entries (storage is the user's to edit). */
export function parseColumnPrefs(text: string | null): ColumnPrefs {
  if (!text) return EMPTY;
  try {
    const raw = JSON.parse(text) as Partial<ColumnPrefs>;
    const visibility: GridColumnVisibilityModel = {};
    const widths: Record<string, number> = {};
    for (const [field, shown] of Object.entries(raw.visibility ?? {}))
      if (typeof shown === 'boolean') visibility[field] = shown;
    for (const [field, width] of Object.entries(raw.widths ?? {}))
      if (typeof width === 'number' && Number.isFinite(width) && width >= 20 && width <= 2000)
        widths[field] = Math.round(width);
    return { visibility, widths };
  } catch {
    return EMPTY;
  }
}

function read(key: string | null): ColumnPrefs {
  if (!key) return EMPTY;
  try {
    return parseColumnPrefs(localStorage.getItem(key));
  } catch {
    return EMPTY;
  }
}

function write(key: string | null, prefs: ColumnPrefs) {
  if (!key) return;
  try {
    if (Object.keys(prefs.visibility).length === 0 && Object.keys(prefs.widths).length === 0)
      localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(prefs));
  } catch {
    // not remembered without storage
  }
}

/** The remembered column choice of `gridId` for the signed-in user, and its setters (each one is remembered). */
export function useColumnPrefs(gridId: string | undefined) {
  const userId = useAppSelector((state) => state.session.user?.id);
  const key = gridId && userId !== undefined ? columnPrefsKey(String(userId), gridId) : null;
  const [state, setState] = useState<{ key: string | null; prefs: ColumnPrefs }>(() => ({
    key,
    prefs: read(key),
  }));
  // another user (or grid) on the same component: its own choice
  const prefs = state.key === key ? state.prefs : read(key);
  if (state.key !== key) setState({ key, prefs });

  const update = useCallback(
    (change: (prefs: ColumnPrefs) => ColumnPrefs) =>
      setState((current) => {
        const before = current.key === key ? current.prefs : read(key);
        const next = change(before);
        // the same choice again (the grid repeats its model) changes nothing: no new render
        if (current.key === key && JSON.stringify(next) === JSON.stringify(before)) return current;
        write(key, next);
        return { key, prefs: next };
      }),
    [key],
  );
  const setVisibility = useCallback(
    (visibility: GridColumnVisibilityModel) => update((p) => ({ ...p, visibility })),
    [update],
  );
  const setWidth = useCallback(
    (field: string, width: number) =>
      update((p) => ({ ...p, widths: { ...p.widths, [field]: Math.round(width) } })),
    [update],
  );
  const reset = useCallback(() => update(() => EMPTY), [update]);
  return { prefs, setVisibility, setWidth, reset };
}
