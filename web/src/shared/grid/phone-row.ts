import type { GridFilterModel } from '@mui/x-data-grid';

/** The colours of a row's badge, as MUI's Chip names them. */
export type PhoneBadgeColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/**
 * What a phone list shows of a row, as plain text (PhoneRowList's parts before the badge is drawn as a chip): the
 * first line names the row, the amount sits on its right, the details and the badge below. `link` is the address a
 * tap opens, when the row opens one.
 */
export interface PhoneRowFacts {
  primary: string;
  secondary?: string;
  amount?: string;
  badge?: { label: string; color: PhoneBadgeColor };
  link?: string;
}

/** The parts that have something to say, joined with a middle dot ('750ml · Invoice #1042 · 29 Nov, 2026'). */
export const joinFacts = (...parts: (string | null | undefined | false)[]): string =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' · ');

/** The value a select column is filtered on ("is"), '' when it is not. */
export const columnSelectValue = (model: GridFilterModel, field: string): string => {
  const item = model.items.find((candidate) => candidate.field === field && candidate.operator === 'is');
  return typeof item?.value === 'string' ? item.value : '';
};

/**
 * The filter model filtered on one value of a select column, or no longer filtered on it ('' ). A value is the one
 * condition left: the free DataGrid takes a single column filter, and a phone shows no other.
 */
export const withColumnSelect = (model: GridFilterModel, field: string, value: string): GridFilterModel => ({
  ...model,
  items: value
    ? [{ id: field, field, operator: 'is', value }]
    : model.items.filter((item) => item.field !== field),
});
