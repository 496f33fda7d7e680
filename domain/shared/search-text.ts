/**
 * What a search box compares: upper-case words without apostrophes, so 'titos', "tito's" and "TITO’S" find the
 * same product. A stored search text and a typed query both go through it.
 */
export const searchText = (text: string): string => text.replace(/['\u2019]/g, '').toUpperCase();
