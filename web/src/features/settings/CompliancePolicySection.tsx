import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useAppSelector } from '../../app/store';
import {
  useChangeCompliancePolicyMutation,
  useCompliancePolicy,
  type CompliancePolicy,
} from '../../shared/company/compliance.api';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { RetryAlert } from '../../shared/ui/RetryAlert';

export const COMPLIANCE_SCREEN_MESSAGES = {
  saved: 'Compliance settings saved',
  saveFailed: 'Error saving compliance settings!',
  loadFailed: 'The compliance settings could not be loaded.',
} as const;

type Flag = 'extended_stamp_statuses' | 'small_format_stamps' | 'strict_records';

/** One switch per on/off rule, in plain words. */
export const COMPLIANCE_SWITCHES: { field: Flag; label: string; help: string }[] = [
  {
    field: 'extended_stamp_statuses',
    label: 'Record lost, stolen, voided and returned stamps',
    help: 'Adds these statuses beside Destroyed, each with a note, and lets a new stamp replace a lost one.',
  },
  {
    field: 'small_format_stamps',
    label: 'One stamp per case for small bottles (375 mL or less)',
    help: 'Products of 375 mL or less with a case size then need one stamp per case instead of per bottle.',
  },
  {
    field: 'strict_records',
    label: 'Strict records: correct invoices, never delete them',
    help: 'A cancelled invoice stays in the list with its replacement, and invoices cannot be deleted.',
  },
];

export const CREDIT_LAW_LABELS: Record<CompliancePolicy['credit_law'], string> = {
  off: 'Off',
  advisory: 'Show due dates and alerts',
};

export const LICENCE_GUARD_LABELS: Record<CompliancePolicy['licence_guard'], string> = {
  off: 'Off',
  advisory: 'Warn before invoicing',
  blocking: 'Refuse the invoice',
};

/**
 * The "TABC compliance" section of /setting: a control per rule, each saved as it changes. Only the
 * owner changes them; staff users see nothing here.
 */
export function CompliancePolicySection() {
  const titleId = useId();
  const user = useAppSelector((state) => state.session.user);
  const policy = useCompliancePolicy();
  const [change, { isLoading: saving }] = useChangeCompliancePolicyMutation();
  if (!user || user.role !== 'owner') return null;

  const save = async (body: Partial<CompliancePolicy>) => {
    try {
      await change({ id: String(user.company_id), body }).unwrap();
      toast.success(COMPLIANCE_SCREEN_MESSAGES.saved);
    } catch (error) {
      toast.error(toProblem(error)?.message || COMPLIANCE_SCREEN_MESSAGES.saveFailed);
    }
  };
  const data = policy.data;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title="TABC compliance"
        subheader="Texas record-keeping rules beyond the basics. Each is off or advisory until you change it."
        slotProps={{ title: { id: titleId, variant: 'h4', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {policy.isError ? (
          <RetryAlert onRetry={() => void policy.refetch()}>
            {COMPLIANCE_SCREEN_MESSAGES.loadFailed}
          </RetryAlert>
        ) : !data ? (
          <Skeleton variant="rounded" height={240} aria-label="Loading compliance settings" />
        ) : (
          <>
            {COMPLIANCE_SWITCHES.map(({ field, label, help }) => (
              <Box key={field}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={data[field]}
                      disabled={saving}
                      onChange={(event) => void save({ [field]: event.target.checked })}
                      slotProps={{ input: { 'aria-describedby': `${titleId}-${field}` } }}
                    />
                  }
                  label={label}
                  sx={{ mr: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { pt: 1 } }}
                />
                <Typography
                  id={`${titleId}-${field}`}
                  variant="body2"
                  color="text.secondary"
                  sx={{ ml: 6.5 }}
                >
                  {help}
                </Typography>
              </Box>
            ))}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <TextField
                select
                size="small"
                label="Credit-law calendar"
                value={data.credit_law}
                disabled={saving}
                onChange={(event) =>
                  void save({ credit_law: event.target.value as CompliancePolicy['credit_law'] })
                }
                helperText="Liquor and wine sold on credit: the date the law sets for payment"
                fullWidth
              >
                {(Object.keys(CREDIT_LAW_LABELS) as CompliancePolicy['credit_law'][]).map((mode) => (
                  <MenuItem key={mode} value={mode}>
                    {CREDIT_LAW_LABELS[mode]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label="Retailer licence check"
                value={data.licence_guard}
                disabled={saving}
                onChange={(event) =>
                  void save({ licence_guard: event.target.value as CompliancePolicy['licence_guard'] })
                }
                helperText="Invoicing stamped liquor to a customer without an active MB, N or NE licence"
                fullWidth
              >
                {(Object.keys(LICENCE_GUARD_LABELS) as CompliancePolicy['licence_guard'][]).map((mode) => (
                  <MenuItem key={mode} value={mode}>
                    {LICENCE_GUARD_LABELS[mode]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
