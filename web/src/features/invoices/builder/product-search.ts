/**
 * The builder's product search (as the client's specification asks): it starts at 3 typed
 * characters, waits 300 ms, strips % and _, and a digit string longer than 5 is a UPC — a single result for a
 * UPC is taken as scanned.
 */
export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 300;

/** What is searched for: % and _ stripped, spaces collapsed. */
export const searchTerm = (typed: string): string => typed.replace(/[%_]/g, '').trim().replace(/\s+/g, ' ');

/** A digit string longer than 5 is a UPC (a barcode scanner types those, then Enter). */
export const isUpc = (term: string): boolean => /^\d{6,}$/.test(term);

/** Whether the term is long enough to search. */
export const isSearchable = (term: string): boolean => term.length >= MIN_SEARCH_LENGTH;

/**
 * The product to take without asking: the one result of a UPC search (as scanned). Otherwise null, and the
 * user picks from the list.
 */
export function scannedProduct<T>(term: string, results: readonly T[] | undefined): T | null {
  return isUpc(term) && results?.length === 1 ? results[0]! : null;
}
