import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  type NotificationPreferences,
} from './notification.api';
import { RetryAlert } from '../../shared/ui/RetryAlert';

const MESSAGES = { failed: 'Something went wrong', saved: 'Notification preferences saved.' } as const;

/** /notification (as the client's specification asks): how the user hears of a placed order, by e-mail and in the app. */
export default function NotificationPage() {
  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <RouterButton to="/setting" variant="outlined">
            Settings
          </RouterButton>
        }
      />
      <FeatureGate feature="order">
        <NotificationPreferencesCard />
      </FeatureGate>
    </>
  );
}

function NotificationPreferencesCard() {
  const preferences = useGetNotificationPreferencesQuery();
  const [update, updating] = useUpdateNotificationPreferencesMutation();
  useFeatureForbidden(preferences.error ?? updating.error);

  const change = async (next: NotificationPreferences) => {
    try {
      // the answer also carries the user: send only the two preferences (unknown fields are refused)
      await update({
        email_notification: next.email_notification,
        app_notification: next.app_notification,
      }).unwrap();
      toast.success(MESSAGES.saved);
    } catch (error) {
      if (toProblem(error)?.status !== 403) toast.error(MESSAGES.failed);
    }
  };

  const current = preferences.data;
  return (
    <Card component="section" aria-labelledby="order-notifications-title" sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="order-notifications-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
          Placed Orders
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          How you hear about an order a customer places.
        </Typography>
        {preferences.isLoading ? (
          <Skeleton variant="rounded" height={84} aria-label="Loading notification preferences" />
        ) : !current ? (
          <RetryAlert onRetry={() => void preferences.refetch()} title={MESSAGES.failed}>
            Your notification preferences could not be loaded.
          </RetryAlert>
        ) : (
          <FormGroup>
            <FormControlLabel
              label="Email"
              control={
                <Switch
                  checked={current.email_notification}
                  disabled={updating.isLoading}
                  onChange={(_, checked) => void change({ ...current, email_notification: checked })}
                />
              }
            />
            <FormControlLabel
              label="App"
              control={
                <Switch
                  checked={current.app_notification}
                  disabled={updating.isLoading}
                  onChange={(_, checked) => void change({ ...current, app_notification: checked })}
                />
              }
            />
          </FormGroup>
        )}
      </CardContent>
    </Card>
  );
}
