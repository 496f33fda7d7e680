import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { Company } from '../../../shared/company/company.api';
import { LogoField } from './LogoField';
import { Section } from './Section';
import type { InvoiceBuilder } from './useInvoiceBuilder';

/** The note printed for the customer, the internal company note, and the logo. */
export function NotesSection({ builder, company }: { builder: InvoiceBuilder; company: Company }) {
  const { state, dispatch } = builder;
  const { values, fields } = state;
  return (
    <Section title="Notes and logo">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextField
          label="Note"
          multiline
          minRows={3}
          value={values.note}
          onChange={(event) => dispatch({ type: 'fieldChanged', field: 'note', value: event.target.value })}
          error={!!fields.note}
          helperText={fields.note ?? 'Printed on the invoice: the customer sees it'}
        />
        <TextField
          label="Company Note"
          multiline
          minRows={3}
          value={values.companyNote}
          onChange={(event) =>
            dispatch({ type: 'fieldChanged', field: 'companyNote', value: event.target.value })
          }
          error={!!fields.company_note}
          helperText={fields.company_note ?? 'Internal: never shown to the customer'}
        />
        <LogoField
          logos={company.logos}
          value={values.logoId}
          onChange={(logoId) => dispatch({ type: 'fieldChanged', field: 'logoId', value: logoId })}
          error={fields.logo_id}
        />
      </Box>
    </Section>
  );
}
