/** The command palette's pure parts: its items, at most 3 per group, and keyboard movement. */

export type PaletteGroup = 'Invoices' | 'Products' | 'Customers' | 'Pages' | 'Actions';

export interface PaletteItem {
  id: string;
  group: PaletteGroup;
  label: string;
  secondary?: string;
  /** the option's accessible name when the label alone does not say what it acts on */
  name?: string;
  /** one of the commands of a search result (its id): the result counts once towards its group's limit */
  parent?: string;
  /** shown above the option, naming the result its commands belong to (the first command of a result) */
  heading?: { label: string; secondary?: string };
  /** where choosing it goes (a route of the app) */
  to: string;
  /** a link out of the app instead (Report Issue's mailto:) */
  href?: string;
}

/** The client's specification: the first 3 results per group. */
export const PALETTE_GROUP_LIMIT = 3;

export const PALETTE_GROUPS: readonly PaletteGroup[] = [
  'Invoices',
  'Products',
  'Customers',
  'Pages',
  'Actions',
];

/** Pages to go to from anywhere (each is also in the navigation); Inventories and Settings are actions already. */
export const PALETTE_PAGES: readonly PaletteItem[] = [
  { id: 'page-new-invoice', group: 'Pages', label: 'New Invoice', to: '/invoice/create' },
  { id: 'page-invoices', group: 'Pages', label: 'Invoices', to: '/invoice' },
  { id: 'page-credit-memos', group: 'Pages', label: 'Credit Memos', to: '/credit-memos' },
  { id: 'page-statements', group: 'Pages', label: 'Statement Run', to: '/statements' },
  { id: 'page-payments', group: 'Pages', label: 'Payments', to: '/payment' },
  { id: 'page-routes', group: 'Pages', label: 'Routes', to: '/routes' },
  { id: 'page-deposits', group: 'Pages', label: 'Deposits', to: '/deposits' },
  { id: 'page-new-customer', group: 'Pages', label: 'New Customer', to: '/customer/create' },
  { id: 'page-customers', group: 'Pages', label: 'Customers', to: '/customer' },
  { id: 'page-orders', group: 'Pages', label: 'Orders', to: '/order' },
  { id: 'page-stamp-record', group: 'Pages', label: 'Stamp Record', to: '/stamp/record' },
  { id: 'page-stamp-rolls', group: 'Pages', label: 'Stamp Rolls', to: '/stamp/roll' },
  { id: 'page-comptroller', group: 'Pages', label: 'Comptroller Report', to: '/stamp/comptroller' },
  { id: 'page-reports', group: 'Pages', label: 'Reports', to: '/reports' },
  { id: 'page-products', group: 'Pages', label: 'Products', to: '/product' },
  { id: 'page-activity', group: 'Pages', label: 'Activity', to: '/activity' },
  { id: 'page-dashboard', group: 'Pages', label: 'Dashboard', to: '/dashboard' },
];

/**
 * A customer found by the search, as the specification offers it: edit customer, create invoice, view invoices,
 * under the customer's name.
 */
export function customerCommands(customer: { id: string; name: string; secondary?: string }): PaletteItem[] {
  const id = encodeURIComponent(customer.id);
  const parent = `customer-${customer.id}`;
  return [
    {
      id: `${parent}-edit`,
      group: 'Customers',
      parent,
      heading: { label: customer.name, secondary: customer.secondary },
      label: 'Edit customer',
      name: `Edit customer ${customer.name}`,
      to: `/customer/${id}/edit`,
    },
    {
      id: `${parent}-invoice`,
      group: 'Customers',
      parent,
      label: 'Create invoice',
      name: `Create invoice for ${customer.name}`,
      to: `/invoice/create?customerId=${id}`,
    },
    {
      id: `${parent}-invoices`,
      group: 'Customers',
      parent,
      label: 'View invoices',
      name: `View invoices of ${customer.name}`,
      to: `/invoice?customerId=${id}`,
    },
  ];
}

/** The fixed actions; Report Issue follows them once the support address is known (reportIssueAction). */
export const PALETTE_ACTIONS: readonly PaletteItem[] = [
  { id: 'action-inventories', group: 'Actions', label: 'Inventories', to: '/inventory' },
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

/** The fixed actions for a company: Inventories is left out while bottle_pos or clover is on (as the client's specification asks). */
export const paletteActionsFor = (inventoryHidden: boolean): readonly PaletteItem[] =>
  inventoryHidden ? PALETTE_ACTIONS.filter((action) => action.id !== 'action-inventories') : PALETTE_ACTIONS;

/**
 * The items in group order, each group of search results cut to its first `limit` results (a result's commands
 * count once); the pages and actions all stay.
 */
export function groupItems(items: readonly PaletteItem[], limit = PALETTE_GROUP_LIMIT): PaletteItem[] {
  return PALETTE_GROUPS.flatMap((group) => {
    const inGroup = items.filter((item) => item.group === group);
    if (group === 'Actions' || group === 'Pages') return inGroup;
    const kept = new Set<string>();
    return inGroup.filter((item) => {
      const result = item.parent ?? item.id;
      if (!kept.has(result) && kept.size < limit) kept.add(result);
      return kept.has(result);
    });
  });
}

/** What a Report Issue mail carries for the provider's team ('a mail link carrying debug info'). */
export interface IssueContext {
  clientVersion: string;
  /** the route the user was on: path and query */
  route: string;
  /** the browser's user agent */
  browser: string;
  /** when the report was started, an ISO instant */
  time: string;
}

export const REPORT_ISSUE_SUBJECT = 'Stampline: issue report';

/**
 * A mailto: link to the support address with the debug info in the body (RFC 6068: every part percent-encoded,
 * line breaks as CRLF), leaving room above it for the user's own words.
 */
export function reportIssueHref(supportEmail: string, context: IssueContext): string {
  const body = [
    'What happened, and what did you expect?',
    '',
    '',
    '-- Debug info (please keep) --',
    `Client version: ${context.clientVersion}`,
    `Route: ${context.route}`,
    `Browser: ${context.browser}`,
    `Time: ${context.time}`,
  ].join('\r\n');
  return (
    `mailto:${encodeURIComponent(supportEmail).replace(/%40/g, '@')}` +
    `?subject=${encodeURIComponent(REPORT_ISSUE_SUBJECT)}&body=${encodeURIComponent(body)}`
  );
}

/** The palette's Report Issue action: a mail link, not a route. */
export const reportIssueAction = (href: string): PaletteItem => ({
  id: 'action-report-issue',
  group: 'Actions',
  label: 'Report Issue',
  to: '',
  href,
});

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
