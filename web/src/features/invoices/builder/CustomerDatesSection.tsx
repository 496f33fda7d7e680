import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Company } from '../../../shared/company/company.api';
import { CustomerField } from './CustomerField';
import { DueDateField } from './DueDateField';
import { creditLawDueNote } from './InvoiceChecks';
import { dueOnDelivery, latestDueDate, latestInvoiceDate } from './invoice-math';
import { Section } from './Section';
import type { InvoiceBuilder } from './useInvoiceBuilder';

/** Customer, invoice date, and the due date with the payment terms. */
export function CustomerDatesSection({ builder, company }: { builder: InvoiceBuilder; company: Company }) {
  const { state, dispatch, checks, today, beer, refs } = builder;
  const { values, fields } = state;
  return (
    <Section title="Customer and dates">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr' },
        }}
      >
        <Box sx={{ gridColumn: { xs: '1', sm: '1 / -1', md: 'auto' } }}>
          <CustomerField
            value={values.customer}
            onChange={(customer) => {
              dispatch({ type: 'customerPicked', customer });
              // a customer picked for an empty invoice: on to its products
              if (customer && values.lines.length === 0)
                window.setTimeout(() => refs.searchInput.current?.focus(), 0);
            }}
            error={fields.customer_id}
            autoFocus={!values.customer}
          />
        </Box>
        <TextField
          label="Invoice Date"
          type="date"
          required
          value={values.invoicedAt}
          onChange={(event) =>
            dispatch({ type: 'fieldChanged', field: 'invoicedAt', value: event.target.value })
          }
          error={!!fields.invoiced_at}
          helperText={fields.invoiced_at ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestInvoiceDate(today) } }}
        />
        <DueDateField
          editing={state.mode.kind === 'edit'}
          invoicedAt={values.invoicedAt}
          dueAt={values.dueAt}
          note={values.note}
          companyTerms={company.payment_terms}
          companyNote={company.default_invoice_note ?? ''}
          checks={checks}
          lines={values.lines}
          beer={beer}
          onDueAt={(value) => dispatch({ type: 'fieldChanged', field: 'dueAt', value })}
          onNote={(value) => dispatch({ type: 'fieldChanged', field: 'note', value })}
          error={fields.due_at}
          dueOnDelivery={dueOnDelivery(values.dueAt, today)}
          creditLawNote={creditLawDueNote(checks, values.lines)}
          min={values.invoicedAt || undefined}
          max={latestDueDate(today)}
        />
      </Box>
    </Section>
  );
}
