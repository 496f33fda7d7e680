import { describe, expect, it } from '@jest/globals';
import {
  PALETTE_ACTIONS,
  groupItems,
  isPaletteShortcut,
  matchingActions,
  moveIndex,
  shortcutHint,
  type PaletteItem,
} from './palette-items';

const item = (group: PaletteItem['group'], n: number): PaletteItem => ({
  id: `${group}-${n}`,
  group,
  label: `${group} ${n}`,
  to: `/${group}/${n}`,
});

const keys = { key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };

describe('Command palette items', () => {
  it('keeps the first 3 of each group, in the order Invoices, Products, Customers, Actions', () => {
    const items = [
      ...PALETTE_ACTIONS,
      item('Customers', 1),
      ...[1, 2, 3, 4, 5].map((n) => item('Invoices', n)),
      ...[1, 2, 3, 4].map((n) => item('Products', n)),
    ];
    expect(groupItems(items).map((i) => i.id)).toEqual([
      'Invoices-1',
      'Invoices-2',
      'Invoices-3',
      'Products-1',
      'Products-2',
      'Products-3',
      'Customers-1',
      'action-settings',
      'action-clear-cache',
    ]);
  });

  it('offers every action for no text and the matching ones for some', () => {
    expect(matchingActions('').map((a) => a.label)).toEqual(['Settings', 'Clear Cache']);
    expect(matchingActions('  cache ').map((a) => a.label)).toEqual(['Clear Cache']);
    expect(matchingActions('345B')).toEqual([]);
  });

  it('sends the actions to their screens', () => {
    expect(PALETTE_ACTIONS.map((a) => a.to)).toEqual(['/setting', '/cache/clear']);
  });
});

describe('Command palette keyboard', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(moveIndex(0, 1, 3)).toBe(1);
    expect(moveIndex(2, 1, 3)).toBe(0);
    expect(moveIndex(0, -1, 3)).toBe(2);
  });

  it('starts at the first or the last item when nothing is highlighted, and stays at -1 with no items', () => {
    expect(moveIndex(-1, 1, 3)).toBe(0);
    expect(moveIndex(-1, -1, 3)).toBe(2);
    expect(moveIndex(0, 1, 0)).toBe(-1);
  });

  it('opens on Ctrl+K and Cmd+K only', () => {
    expect(isPaletteShortcut({ ...keys, ctrlKey: true })).toBe(true);
    expect(isPaletteShortcut({ ...keys, key: 'K', metaKey: true })).toBe(true);
    expect(isPaletteShortcut(keys)).toBe(false);
    expect(isPaletteShortcut({ ...keys, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isPaletteShortcut({ ...keys, key: 'j', ctrlKey: true })).toBe(false);
  });

  it('hints ⌘K on macOS and Ctrl+K elsewhere', () => {
    expect(shortcutHint('MacIntel')).toBe('⌘K');
    expect(shortcutHint('Linux x86_64')).toBe('Ctrl+K');
  });
});
