import type { SqlQuery } from './grid.sql.js';

/**
 * A grid's rows query read from the other end: every ORDER BY term flipped (DESC NULLS LAST ↔ ASC NULLS FIRST, and
 * the key's ASC ↔ DESC), with its own LIMIT and OFFSET. OFFSET walks every skipped row, so a page in the second half
 * of an exactly counted result is cheaper read this way (OFFSET count − endRow) and turned back. The grid builds
 * ORDER BY from its whitelist, so the text is known.
 */
export function reversedPage(rows: SqlQuery, offset: number, limit: number): SqlQuery {
  const match = /^(.*) ORDER BY (.*) LIMIT (\$\d+) OFFSET (\$\d+)$/s.exec(rows.text);
  if (!match) throw new Error('grid: unexpected rows query');
  const flipped = match[2]!
    .split(', ')
    .map((term) =>
      term.replace(/ (ASC|DESC)( NULLS (LAST|FIRST))?$/, (_, dir: string, nulls?: string) => {
        const to = dir === 'ASC' ? 'DESC' : 'ASC';
        if (!nulls) return ` ${to}`;
        return ` ${to} NULLS ${nulls.endsWith('LAST') ? 'FIRST' : 'LAST'}`;
      }),
    )
    .join(', ');
  return {
    text: `${match[1]} ORDER BY ${flipped} LIMIT ${match[3]} OFFSET ${match[4]}`,
    values: withPage(rows.values, limit, offset),
  };
}

/** A grid rows query's values with another LIMIT (the next to last value) and, when given, OFFSET (the last). */
export function withPage(values: readonly unknown[], limit: number, offset?: number): unknown[] {
  const changed = [...values];
  changed[changed.length - 2] = limit;
  if (offset !== undefined) changed[changed.length - 1] = offset;
  return changed;
}
