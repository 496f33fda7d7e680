import { describe, expect, it } from '@jest/globals';
import {
  PALETTE_ACTIONS,
  PALETTE_PAGES,
  customerCommands,
  groupItems,
  isPaletteShortcut,
  matchingActions,
  paletteActionsFor,
  moveIndex,
  REPORT_ISSUE_SUBJECT,
  reportIssueAction,
  reportIssueHref,
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
      'action-inventories',
      'action-settings',
      'action-clear-cache',
    ]);
  });

  it('offers edit customer, create invoice and view invoices for a customer; a customer counts once', () => {
    const customers = [1, 2, 3, 4].flatMap((n) => customerCommands({ id: `c${n}`, name: `Bar ${n}` }));
    const kept = groupItems([...customers, ...PALETTE_PAGES]);
    const commands = kept.filter((i) => i.group === 'Customers');
    expect(commands.map((i) => i.name)).toEqual(
      [1, 2, 3].flatMap((n) => [
        `Edit customer Bar ${n}`,
        `Create invoice for Bar ${n}`,
        `View invoices of Bar ${n}`,
      ]),
    );
    expect(commands.map((i) => i.to).slice(0, 3)).toEqual([
      '/customer/c1/edit',
      '/invoice/create?customerId=c1',
      '/invoice?customerId=c1',
    ]);
    expect(commands.filter((i) => i.heading).map((i) => i.heading?.label)).toEqual([
      'Bar 1',
      'Bar 2',
      'Bar 3',
    ]);
    // every page stays, after the search results
    expect(kept.filter((i) => i.group === 'Pages')).toEqual(PALETTE_PAGES);
  });

  it('has the pages people go to every day: New Invoice, Stamp Record, Comptroller Report, Reports, Payments', () => {
    const pages = new Map(PALETTE_PAGES.map((page) => [page.label, page.to]));
    expect(pages.get('New Invoice')).toBe('/invoice/create');
    expect(pages.get('Stamp Record')).toBe('/stamp/record');
    expect(pages.get('Comptroller Report')).toBe('/stamp/comptroller');
    expect(pages.get('Reports')).toBe('/reports');
    expect(pages.get('Payments')).toBe('/payment');
    expect(matchingActions('comptroller', PALETTE_PAGES).map((p) => p.label)).toEqual(['Comptroller Report']);
  });

  it('keeps every action, Report Issue included, however many there are', () => {
    const report = reportIssueAction('mailto:help@provider.test');
    expect(groupItems([...PALETTE_ACTIONS, report]).map((i) => i.label)).toEqual([
      'Inventories',
      'Settings',
      'Clear Cache',
      'Report Issue',
    ]);
    expect(matchingActions('report', [...PALETTE_ACTIONS, report])).toEqual([report]);
  });

  it('offers every action for no text and the matching ones for some', () => {
    expect(matchingActions('').map((a) => a.label)).toEqual(['Inventories', 'Settings', 'Clear Cache']);
    expect(matchingActions('  cache ').map((a) => a.label)).toEqual(['Clear Cache']);
    expect(matchingActions('345B')).toEqual([]);
  });

  it('sends the actions to their screens', () => {
    expect(PALETTE_ACTIONS.map((a) => a.to)).toEqual(['/inventory', '/setting', '/cache/clear']);
  });

  it('leaves Inventories out while bottle_pos or clover is on', () => {
    expect(paletteActionsFor(true).map((a) => a.label)).toEqual(['Settings', 'Clear Cache']);
    expect(paletteActionsFor(false)).toBe(PALETTE_ACTIONS);
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

describe('Report Issue', () => {
  const context = {
    clientVersion: '3.98',
    route: '/invoice/345B?tab=payments&x=a b',
    browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
    time: '2026-11-25T17:30:00.000Z',
  };

  it('mails the support address with the client version, route, browser and time in the body', () => {
    const href = reportIssueHref('help+stampline@provider.test', context);
    expect(href.startsWith('mailto:help%2Bstampline@provider.test?')).toBe(true);
    const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(query.get('subject')).toBe(REPORT_ISSUE_SUBJECT);
    expect(query.get('body')!.split('\r\n').slice(-4)).toEqual([
      'Client version: 3.98',
      'Route: /invoice/345B?tab=payments&x=a b',
      'Browser: Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
      'Time: 2026-11-25T17:30:00.000Z',
    ]);
  });

  it('percent-encodes every part (RFC 6068): no raw space, ampersand or line break in the link', () => {
    const href = reportIssueHref('help@provider.test', context);
    expect(href).not.toMatch(/[ \r\n]/);
    expect(href.split('&')).toHaveLength(2); // subject and body only: the route's own & is encoded
    expect(href).toContain('%0D%0A');
  });
});
