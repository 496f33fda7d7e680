import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { addDays, companyToday, formatDate } from '../../../shared/format';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus, type InvoiceUpdateBody } from '../invoices.api';
import { INVOICE_MESSAGES, statusLabel, type ChangeField } from './invoice-display';
import { InvoiceStatusChip } from './InvoiceStatusChip';

/** A change the view page asks about before saving it. */
export interface RequestedChange {
  field: ChangeField;
  from: string;
  to: string;
  /** the old and new values are the same: nothing needs updating */
  same: boolean;
  body: InvoiceUpdateBody;
}

/** The client's specification: invoice date at most 10 days ahead, due date at most 30. */
const INVOICE_DATE_DAYS_AHEAD = 10;
const DUE_DATE_DAYS_AHEAD = 30;
const dayAhead = (days: number) => addDays(companyToday(), days);

/**
 * A date that is changed on Enter or when the field is left (a date typed digit by digit passes through
 * other dates on its way, which must not each ask to be saved). Enter on the same date still "changes" it, so
 * the page can say nothing needs updating.
 */
function DateField({
  label,
  value,
  max,
  disabled,
  helperText,
  onCommit,
}: {
  label: string;
  value: string;
  max: string;
  disabled?: boolean;
  helperText?: string;
  onCommit: (value: string, explicit: boolean) => void;
}) {
  const [draft, setDraft] = useState(value);
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={draft}
      disabled={disabled}
      helperText={helperText}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== value) onCommit(draft, false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onCommit(draft, true);
        }
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { max },
        // a cancelled invoice's fields are disabled, but the helper ('Due on delivery') is still read: secondary
        // text colour (MUI's disabled grey fails WCAG contrast)
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
      }}
    />
  );
}

/**
 * The view page's status, invoice date and due date (as the client's specification asks): every change goes to `onRequest`, which asks
 * 'Sure you want to change {field} from X to Y?' first. `resetKey` puts the fields back to the invoice's values
 * (after a question is declined or a save fails). A cancelled invoice keeps its dates; only its status changes.
 */
export function InvoiceDetailsForm({
  invoice,
  resetKey,
  onRequest,
  creditLawNote,
}: {
  invoice: Invoice;
  resetKey: number;
  onRequest: (change: RequestedChange) => void;
  /** The statutory due date beside the user's (liquor and wine on credit, the credit law on). */
  creditLawNote?: string;
}) {
  const cancelled = invoice.status === 'cancelled';
  const dueText = (due: string | null) => (due ? formatDate(due) : INVOICE_MESSAGES.dueOnDelivery);
  const key = `${resetKey}-${invoice.updated_at}`;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        size="small"
        label="Status"
        value={invoice.status}
        onChange={(event) => {
          const to = event.target.value as InvoiceStatus;
          onRequest({
            field: 'status',
            from: statusLabel(invoice.status),
            to: statusLabel(to),
            same: to === invoice.status,
            body: { status: to },
          });
        }}
        slotProps={{
          select: { renderValue: (value) => <InvoiceStatusChip status={value as InvoiceStatus} /> },
        }}
        sx={{ '& .MuiSelect-select': { py: 0.875 } }}
      >
        {INVOICE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            <InvoiceStatusChip status={status} />
          </MenuItem>
        ))}
      </TextField>
      <DateField
        key={`invoiced-${key}`}
        label="Invoice Date"
        value={invoice.invoiced_at}
        max={dayAhead(INVOICE_DATE_DAYS_AHEAD)}
        disabled={cancelled}
        onCommit={(to, explicit) => {
          if (!to) return;
          if (to === invoice.invoiced_at && !explicit) return;
          onRequest({
            field: 'invoice date',
            from: formatDate(invoice.invoiced_at),
            to: formatDate(to),
            same: to === invoice.invoiced_at,
            body: { invoiced_at: to },
          });
        }}
      />
      <DateField
        key={`due-${key}`}
        label="Due Date"
        value={invoice.due_at ?? ''}
        max={dayAhead(DUE_DATE_DAYS_AHEAD)}
        disabled={cancelled}
        helperText={
          [invoice.due_on_delivery ? INVOICE_MESSAGES.dueOnDelivery : '', creditLawNote ?? '']
            .filter(Boolean)
            .join(' · ') || undefined
        }
        onCommit={(value, explicit) => {
          const to = value || null;
          if (to === invoice.due_at && !explicit) return;
          onRequest({
            field: 'due date',
            from: dueText(invoice.due_at),
            to: dueText(to),
            same: to === invoice.due_at,
            body: { due_at: to },
          });
        }}
      />
    </Box>
  );
}
