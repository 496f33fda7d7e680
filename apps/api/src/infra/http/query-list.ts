/** A list in a query string: `a,b` or a repeated parameter (['a', 'b']) → ['a', 'b']; anything else → []. */
export function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter(Boolean);
}
