import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { useCompany } from '../../shared/company/company.api';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { CompanyDetailsForm } from './CompanyDetailsForm';
import { CompliancePolicySection } from './CompliancePolicySection';
import { LogoManager } from './LogoManager';
import { PriceTierManager } from './PriceTierManager';
import { ProfileAccountForm } from './ProfileAccountForm';
import { ProfileInfoCard } from './ProfileInfoCard';
import { RetryAlert } from '../../shared/ui/RetryAlert';

/**
 * /setting (as the client's specification asks): company details, logo manager, profile form and info card, and the menu links
 * (/features, /notification with the order feature, /activity; the staff page); the owner's TABC compliance rules. `?focus_field=threshold` focuses
 * the stamp threshold input.
 */
export default function SettingsPage() {
  const user = useAppSelector((state) => state.session.user);
  const [search] = useSearchParams();
  const focusThreshold = search.get('focus_field') === 'threshold';
  if (!user) return null;
  return (
    <>
      <PageHeader title="Settings" actions={<SettingsMenu />} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(320px, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <CompanySection focusThreshold={focusThreshold} />
          <PriceTierManager />
          <CompliancePolicySection />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <LogoManager />
          <ProfileInfoCard user={user} />
          <ProfileAccountForm key={String(user.id)} user={user} />
        </Box>
      </Box>
    </>
  );
}

function SettingsMenu() {
  const { active: orderActive } = useFeature('order');
  return (
    <Box component="nav" aria-label="Settings menu" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <RouterButton to="/features" variant="outlined" startIcon={<ExtensionOutlined />}>
        Feature Extensions
      </RouterButton>
      <RouterButton to="/setting/staff" variant="outlined" startIcon={<GroupOutlined />}>
        Staff
      </RouterButton>
      {orderActive && (
        <RouterButton to="/notification" variant="outlined" startIcon={<NotificationsOutlined />}>
          Notifications
        </RouterButton>
      )}
      <RouterButton to="/activity" variant="outlined" startIcon={<HistoryOutlined />}>
        Activity
      </RouterButton>
    </Box>
  );
}

function CompanySection({ focusThreshold }: { focusThreshold: boolean }) {
  const { data: company, isLoading, isError, refetch } = useCompany();
  if (company) return <CompanyDetailsForm company={company} focusThreshold={focusThreshold} />;
  if (isLoading || !isError)
    return <Skeleton variant="rounded" height={640} aria-label="Loading company details" />;
  return (
    <RetryAlert onRetry={() => void refetch()} title="Sorry, something went wrong!">
      The company details could not be loaded.
    </RetryAlert>
  );
}
