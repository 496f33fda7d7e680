import Box from '@mui/material/Box';
import { useAppSelector } from '../../app/store';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ProfileAccountForm } from './ProfileAccountForm';
import { ProfileInfoCard } from './ProfileInfoCard';

/** /setting: the profile part (company details, logos, tiers and menu links come with later issues). */
export default function SettingsPage() {
  const user = useAppSelector((state) => state.session.user);
  if (!user) return null;
  return (
    <>
      <PageHeader title="Settings" />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <ProfileAccountForm key={String(user.id)} user={user} />
        <ProfileInfoCard user={user} />
      </Box>
    </>
  );
}
