/** The command palette's pure parts: its items, at most 3 per group, and keyboard movement. */

export type PaletteGroup = 'Invoices' | 'Products' | 'Customers' | 'Actions';

export interface PaletteItem {
  id: string;
  group: PaletteGroup;
  label: string;
  secondary?: string;
  /** where choosing it goes */
  to: string;
}

/** Spec 001: the first 3 results per group. */
export const PALETTE_GROUP_LIMIT = 3;

export const PALETTE_GROUPS: readonly PaletteGroup[] = ['Invoices', 'Products', 'Customers', 'Actions'];

/** The fixed actions. Inventories (no /inventory screen yet) and Report Issue (no support address known to the web) are left out. */
export const PALETTE_ACTIONS: readonly PaletteItem[] = [
  { id: 'action-settings', group: 'Actions', label: 'Settings', to: '/setting' },
  { id: 'action-clear-cache', group: 'Actions', label: 'Clear Cache', to: '/cache/clear' },
];

/** The actions whose label contains the text (all of them when it is empty). */
export function matchingActions(
  text: string,
  actions: readonly PaletteItem[] = PALETTE_ACTIONS,
): PaletteItem[] {
  const needle = text.trim().toLowerCase();
  return actions.filter((action) => needle === '' || action.label.toLowerCase().includes(needle));
}

/** The items in group order, each group cut to its first `limit`. */
export function groupItems(items: readonly PaletteItem[], limit = PALETTE_GROUP_LIMIT): PaletteItem[] {
  return PALETTE_GROUPS.flatMap((group) => items.filter((item) => item.group === group).slice(0, limit));
}

/** The next highlighted index for an arrow key: wraps at both ends; -1 when there is nothing. */
export function moveIndex(current: number, delta: number, length: number): number {
  if (length <= 0) return -1;
  if (current < 0) return delta >= 0 ? 0 : length - 1;
  return (((current + delta) % length) + length) % length;
}

/** Ctrl+K, or Cmd+K on macOS. */
export function isPaletteShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}

/** The hint shown next to the button: ⌘K on Apple systems, Ctrl+K elsewhere. */
export function shortcutHint(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl+K';
}
