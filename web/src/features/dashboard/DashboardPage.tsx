import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { CompanyDetailsBanner } from '../settings/CompanyDetailsBanner';
import { StampStatusBanners } from '../stamps/StampStatus';
import { AlcoholReportReminder } from './AlcoholReportReminder';
import { CreditLawAlerts } from './CreditLawAlerts';
import { DashboardStats } from './DashboardStats';
import { QuickSearch } from './QuickSearch';
import { RecentInvoices } from './RecentInvoices';

/**
 * /dashboard (and /): New Invoice and New Customer, the company-details and stamp banners (low-stamp warning,
 * active roll), the reminder of last month's Comptroller report while it is not filed, the credit-law alerts, recent invoices and the quick search, and the stats panel with the top products.
 */
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
      <AlcoholReportReminder />
      <CreditLawAlerts />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <RecentInvoices />
        <QuickSearch />
      </Box>
      <DashboardStats />
    </>
  );
}
