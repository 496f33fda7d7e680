import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import {
  defaultDueDate,
  defaultInvoiceNote,
  lateDueDateWarning,
  paymentTermsOr,
  paymentTermsNote,
} from '#domain/invoices/payment-terms';
import { formatDate } from '../../../shared/format';
import type { InvoiceChecks } from '../credit-law.api';

interface CheckedLine {
  product: { product_type: string };
  qty: string;
}

const hasType = (lines: readonly CheckedLine[], ...types: string[]) =>
  lines.some((line) => types.includes(line.product.product_type.toUpperCase()) && Number(line.qty) > 0);

export const DUE_DATE_MESSAGES = {
  dueOnDelivery: 'Due on delivery',
} as const;

/**
 * The builder's Due Date, set by the payment terms: the customer's own, else the company's (Settings). On a new
 * invoice, until the user types a date, the due date follows the terms and the invoice date (Net N: N days later;
 * credit law: the statutory date for liquor and wine, on delivery for beer), and the note starts with the terms'
 * sentence ('Net 30', 'Due on delivery', 'Payment due by the statutory date, 10 Dec 2026') until the user edits it.
 * A due date after the credit law's statutory date of a liquor or wine invoice on credit shows a warning (the save
 * is not refused).
 */
export function DueDateField({
  editing,
  invoicedAt,
  dueAt,
  note,
  companyTerms,
  companyNote,
  checks,
  lines,
  beer,
  onDueAt,
  onNote,
  error,
  dueOnDelivery,
  creditLawNote,
  min,
  max,
}: {
  editing: boolean;
  invoicedAt: string;
  dueAt: string;
  note: string;
  companyTerms: string | undefined;
  companyNote: string;
  checks: InvoiceChecks | undefined;
  lines: readonly CheckedLine[];
  beer: boolean;
  onDueAt: (value: string) => void;
  onNote: (value: string) => void;
  error?: string;
  dueOnDelivery: boolean;
  /** The credit law's dates beside the date (InvoiceChecks' creditLawDueNote). */
  creditLawNote?: string;
  min?: string;
  max?: string;
}) {
  const terms = paymentTermsOr(checks?.payment_terms ?? companyTerms);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(invoicedAt);
  const typed = useRef(editing);
  const lastNote = useRef<string | null>(null);

  useEffect(() => {
    if (editing || !validDate) return;
    if (!typed.current) onDueAt(defaultDueDate(terms, invoicedAt, beer) ?? '');
    const next = defaultInvoiceNote(paymentTermsNote(terms, invoicedAt, beer), companyNote);
    // The note follows the terms while it is the company's default or the one the terms wrote last.
    if (note === companyNote || note === lastNote.current) {
      lastNote.current = next;
      if (note !== next) onNote(next);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the terms, the date and the kind of invoice only
  }, [editing, terms, invoicedAt, beer, validDate, companyNote]);

  const onCredit =
    !!checks?.statutory_due_at &&
    !checks.cash_on_delivery &&
    hasType(lines, 'LIQUOR', 'WINE') &&
    !hasType(lines, 'BEER');
  const warning = onCredit
    ? lateDueDateWarning(dueAt || null, checks?.statutory_due_at ?? null, formatDate)
    : null;
  const helper =
    error ??
    warning ??
    ([dueOnDelivery ? DUE_DATE_MESSAGES.dueOnDelivery : '', creditLawNote ?? '']
      .filter(Boolean)
      .join(' · ') ||
      ' ');

  return (
    <TextField
      label="Due Date"
      type="date"
      value={dueAt}
      onChange={(event) => {
        typed.current = true;
        onDueAt(event.target.value);
      }}
      error={!!error}
      helperText={helper}
      sx={warning && !error ? { '& .MuiFormHelperText-root': { color: 'warning.dark' } } : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { max, min },
        formHelperText: warning && !error ? { role: 'status' } : undefined,
      }}
    />
  );
}
