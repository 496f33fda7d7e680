import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { toast } from '../../shared/toasts';
import { useSetNotificationPreferencesMutation } from './customer-notifications.api';
import type { CustomerUser } from './orders.api';

/** The client's specification's message when a preference could not be saved. */
export const NOTIFICATION_PREFERENCES_FAILED = 'Error updating notification preferences';

const FLAGS = [
  { key: 'app', field: 'app_notification', label: 'App' },
  { key: 'email', field: 'email_notification', label: 'Email' },
  { key: 'sms', field: 'sms_notification', label: 'SMS' },
] as const;

/**
 * The customer user panel's notification preferences: app, e-mail and SMS. The call sets them for the customer
 * (every user of it), so the panel says so; each switch saves at once, and a failure keeps the switch as it was.
 */
export function CustomerUserNotifications({ user }: { user: CustomerUser }) {
  const [save, saving] = useSetNotificationPreferencesMutation();
  const titleId = useId();
  const change = async (key: (typeof FLAGS)[number]['key'], on: boolean) => {
    try {
      await save({ customerId: user.customer.id, [key]: on }).unwrap();
      toast.success('Notification preferences saved.');
    } catch {
      toast.error(NOTIFICATION_PREFERENCES_FAILED);
    }
  };
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        Notifications
      </Typography>
      <Typography variant="body2" color="text.secondary">
        For every user of {user.customer.name}.
      </Typography>
      <FormGroup row>
        {FLAGS.map(({ key, field, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Switch
                checked={user[field]}
                disabled={saving.isLoading}
                onChange={(event) => void change(key, event.target.checked)}
                slotProps={{ input: { 'aria-label': `${label} notifications` } }}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
