import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../shared/format';
import { BUILDER_MESSAGES } from './builder-messages';
import { dueOnDelivery } from './invoice-math';
import { TotalsCard } from './TotalsCard';
import type { InvoiceBuilder } from './useInvoiceBuilder';

/** The live totals, who and when, and the save button (the form's submit: Ctrl + Enter too). */
export function SummaryCard({ builder }: { builder: InvoiceBuilder }) {
  const { state, today } = builder;
  const { values } = state;
  return (
    <Card component="section" aria-label="Summary">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <TotalsCard
          totals={builder.totals}
          ratePercent={builder.ratePercent}
          itemCount={values.lines.length}
          bottles={builder.bottles}
        />
        <Divider sx={{ my: 2 }} />
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {values.customer ? values.customer.name : 'No customer yet'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {dueOnDelivery(values.dueAt, today)
              ? BUILDER_MESSAGES.dueOnDelivery
              : `Due ${formatDate(values.dueAt)}`}
          </Typography>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          startIcon={<SaveOutlined />}
          loading={state.step.kind === 'saving'}
          disabled={!!builder.refusal}
          aria-describedby={builder.refusal ? 'delinquent-refusal-note' : undefined}
        >
          {state.mode.kind === 'edit' ? 'Save Invoice' : 'Create Invoice'}
        </Button>
        {builder.refusal ? (
          <Typography
            id="delinquent-refusal-note"
            variant="caption"
            color="error"
            sx={{ display: 'block', mt: 1, textAlign: 'center' }}
          >
            Not on credit: the customer is on the TABC delinquent list.
          </Typography>
        ) : (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', mt: 1, textAlign: 'center' }}
          >
            Ctrl + Enter saves
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
