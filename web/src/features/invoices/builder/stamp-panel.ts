/** The stamps panel's words (as the client's specification asks). */
export const STAMP_PANEL = {
  moreNeeded: 'More Stamp(s) Needed',
  extraAdded: 'Extra Stamp(s) Added',
} as const;

export type StampBalance = { kind: 'ok' } | { kind: 'more' | 'extra'; by: number };

/** Manual ranges against the stamps the liquor bottles need. */
export function stampBalance(needed: number, added: number): StampBalance {
  if (added < needed) return { kind: 'more', by: needed - added };
  if (added > needed) return { kind: 'extra', by: added - needed };
  return { kind: 'ok' };
}

/** Add is disabled if from < 1 or to < from (as the client's specification asks). */
export function canAddRange(from: string, to: string): boolean {
  const a = Number(from);
  const b = Number(to);
  return /^\d+$/.test(from.trim()) && /^\d+$/.test(to.trim()) && Number.isInteger(a) && a >= 1 && b >= a;
}
