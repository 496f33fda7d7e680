import Add from '@mui/icons-material/Add';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { CompanyDetailsBanner } from '../settings/CompanyDetailsBanner';
import { StampStatusBanners } from '../stamps/StampStatus';

/** /dashboard (and /): header actions, the stamp banners and the recent-invoices empty state; stats come later. */
export default function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <>
            <RouterButton to="/customer/create" variant="outlined" startIcon={<Add />}>
              New Customer
            </RouterButton>
            <RouterButton to="/invoice/create" variant="contained" startIcon={<Add />}>
              New Invoice
            </RouterButton>
          </>
        }
      />
      <CompanyDetailsBanner />
      <StampStatusBanners />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="recent-invoices-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="recent-invoices-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
          Recent Invoices
        </Typography>
        <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 6, gap: 2 }}>
          <ReceiptLongOutlined aria-hidden sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography color="text.secondary">You have not created any invoice yet.</Typography>
          <RouterButton to="/invoice/create" variant="contained">
            Create Invoice
          </RouterButton>
        </Box>
      </Paper>
    </>
  );
}
