/** The client's specification: the unit of measure of every line. */
export const FINTECH_UNIT = 'EA';
/** The client's specification: the reference is the invoice number with a prefix (the prefix itself is ours: not in the spec). */
export const FINTECH_REFERENCE_PREFIX = 'INV-';
