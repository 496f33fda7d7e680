/**
 * What one event changed, field by field: the state of its stream before and after it, flattened to
 * dotted paths (`lines.0.qty`, `totals.totalCents`), compared. Pure; the API folds the stream and calls it.
 */
export interface FieldChange {
  field: string;
  /** undefined: the field did not exist before (or after) */
  before?: string | number | boolean | null;
  after?: string | number | boolean | null;
}

type Leaf = string | number | boolean | null;

/** Keys never shown, whatever their value: secrets, tokens, hashes. */
const SECRET = /password|secret|token|hash|credential|api[_-]?key/i;

/** Shown instead of a secret's value. */
export const REDACTED = '(hidden)';

/** Every leaf of a JSON-like value under its dotted path; secrets masked. */
export function flatten(value: unknown, prefix = '', into = new Map<string, Leaf>()): Map<string, Leaf> {
  if (value === null || typeof value !== 'object') {
    if (prefix !== '' && value !== undefined)
      into.set(prefix, typeof value === 'bigint' ? value.toString() : (value as Leaf));
    return into;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 && prefix !== '') into.set(prefix, Array.isArray(value) ? '[]' : '{}');
  for (const [key, item] of entries) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (SECRET.test(key)) into.set(path, REDACTED);
    else flatten(item, path, into);
  }
  return into;
}

/** The fields that differ between two states, in path order; `ignore` drops paths (bookkeeping). */
export function fieldChanges(
  before: unknown,
  after: unknown,
  ignore: (field: string) => boolean = () => false,
): FieldChange[] {
  const was = flatten(before);
  const is = flatten(after);
  const fields = [...new Set([...was.keys(), ...is.keys()])].filter((field) => !ignore(field)).sort(byPath);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const [old, now] = [was.get(field), is.get(field)];
    if (old === now) continue;
    changes.push({
      field,
      ...(was.has(field) ? { before: old } : {}),
      ...(is.has(field) ? { after: now } : {}),
    });
  }
  return changes;
}

/** Dotted paths with array indexes in number order (`lines.2` before `lines.10`). */
function byPath(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
