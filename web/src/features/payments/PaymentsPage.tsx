import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FeatureGate } from '../../shared/feature-gate/FeatureGate';
import { PageHeader } from '../../shared/ui/PageHeader';

/**
 * /payment (spec 000 §2 Payments): the payments report; while the payment feature is off, the activation card
 * instead. The report grid comes with invoices and payments; until then the screen says there is nothing yet.
 */
export default function PaymentsPage() {
  return (
    <>
      <PageHeader title="Payments" />
      <FeatureGate feature="payment">
        <Paper
          variant="outlined"
          component="section"
          aria-label="Payments report"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 6, gap: 2 }}>
            <PaymentsOutlined aria-hidden sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography color="text.secondary">You have no payment history yet.</Typography>
          </Box>
        </Paper>
      </FeatureGate>
    </>
  );
}
