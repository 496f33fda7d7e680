/**
 * A table cell shown from a tablet's width up: on a phone its column is left out and the row says the same in a
 * line of its own, so a table fits the screen instead of scrolling sideways.
 */
export const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** That line of its own: shown on a phone only, in the cell that stays. */
export const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
