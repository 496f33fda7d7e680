import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useCompany } from '../../shared/company/company.api';
import { RouterButton } from '../../shared/ui/RouterButton';

/** The dashboard asks a new company for its details until the required ones are filled in (details_complete). */
export function CompanyDetailsBanner() {
  const { data: company } = useCompany();
  if (!company || company.details_complete) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 3, bgcolor: 'background.paper', alignItems: 'center' }}
      action={
        <RouterButton to="/setting" variant="contained" size="small" sx={{ whiteSpace: 'nowrap' }}>
          Complete Details
        </RouterButton>
      }
    >
      <AlertTitle>Complete your company details</AlertTitle>
      Your address, city, state, zip and TABC ID print on every invoice. Add them in Settings before you
      create your first invoice.
    </Alert>
  );
}
