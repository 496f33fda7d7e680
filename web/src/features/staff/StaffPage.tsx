import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useAppSelector } from '../../app/store';
import { formatDate } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmailText } from '../../shared/ui/EmailText';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PhoneBlock, PhoneBlockLine, PhoneBlockList } from '../../shared/ui/PhoneBlocks';
import { RouterButton } from '../../shared/ui/RouterButton';
import { InviteStaffForm } from './InviteStaffForm';
import { invitationPhoneFacts } from './staff-phone';
import {
  useListStaffQuery,
  useRevokeInvitationMutation,
  useSetStaffDisabledMutation,
  useSetStaffRoleMutation,
  type StaffInvitation,
  type StaffUser,
} from './staff.api';
import { STAFF_MESSAGES } from './staff-validation';

const ROLE_LABELS = { owner: 'Owner', staff: 'Staff', driver: 'Driver' } as const;

type Pending = { kind: 'disable'; user: StaffUser } | { kind: 'revoke'; invitation: StaffInvitation };

/** /setting/staff: the company's users and pending invitations; the owner invites, revokes and disables. */
export default function StaffPage() {
  const me = useAppSelector((state) => state.session.user);
  const owner = me?.role === 'owner';
  const staff = useListStaffQuery();
  const [setDisabled, disabling] = useSetStaffDisabledMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const [setRole, settingRole] = useSetStaffRoleMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const ask = (next: Pending) => {
    setPending(next);
    setConfirming(true);
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(toProblem(error)?.message || STAFF_MESSAGES.failed, { title: STAFF_MESSAGES.failed });
    } finally {
      setConfirming(false);
    }
  };

  const confirm = () => {
    if (pending?.kind === 'disable')
      void run(
        () => setDisabled({ id: pending.user.id, disabled: true }).unwrap(),
        `${pending.user.name} is disabled.`,
      );
    else if (pending?.kind === 'revoke')
      void run(
        () => revoke(pending.invitation.id).unwrap(),
        `Invitation to ${pending.invitation.email} revoked.`,
      );
  };

  /** The Role column: the owner changes a staff user's role; everyone else reads it. */
  const roleOf = (user: StaffUser) =>
    owner && user.role !== 'owner' ? (
      <TextField
        select
        size="small"
        value={user.role}
        // busy, not disabled, while the change is sent: a disabled field would drop the keyboard's focus to the page
        slotProps={{
          htmlInput: {
            'aria-label': `Role of ${user.name}`,
            'aria-busy': settingRole.isLoading && settingRole.originalArgs?.id === user.id,
          },
        }}
        onChange={(event) => {
          const role = event.target.value as 'staff' | 'driver';
          void run(
            () => setRole({ id: user.id, role }).unwrap(),
            role === 'driver'
              ? `${user.name} is a driver: they use only the driver app.`
              : `${user.name} is staff.`,
          );
        }}
      >
        <MenuItem value="staff">Staff</MenuItem>
        <MenuItem value="driver">Driver</MenuItem>
      </TextField>
    ) : (
      <span>{ROLE_LABELS[user.role]}</span>
    );

  /** The Actions column: the owner disables a staff user (after a question) or enables them again. */
  const actionOf = (user: StaffUser) =>
    owner &&
    user.role !== 'owner' &&
    (user.disabled ? (
      <Button
        size="small"
        aria-label={`Enable ${user.name}`}
        loading={disabling.isLoading && disabling.originalArgs?.id === user.id}
        onClick={() =>
          void run(() => setDisabled({ id: user.id, disabled: false }).unwrap(), `${user.name} is enabled.`)
        }
      >
        Enable
      </Button>
    ) : (
      <Button
        size="small"
        color="error"
        aria-label={`Disable ${user.name}`}
        onClick={() => ask({ kind: 'disable', user })}
      >
        Disable
      </Button>
    ));

  const invitationAction = (invitation: StaffInvitation) =>
    owner && (
      <Button
        size="small"
        color="error"
        aria-label={`Revoke invitation to ${invitation.email}`}
        onClick={() => ask({ kind: 'revoke', invitation })}
      >
        Revoke
      </Button>
    );

  return (
    <>
      <PageHeader
        title="Staff"
        // a name that ends in a period ('Co.') ends the sentence itself
        subtitle={`Everyone who signs in to ${me?.company?.name ?? 'your company'}`.replace(/\.?$/, '.')}
        actions={
          <RouterButton to="/setting" variant="outlined">
            Settings
          </RouterButton>
        }
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        {owner && <InviteStaffForm />}
        {staff.isLoading ? (
          <Skeleton variant="rounded" height={240} aria-label="Loading staff" />
        ) : staff.isError && !staff.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void staff.refetch()}>
                Retry
              </Button>
            }
          >
            <AlertTitle>Sorry, something went wrong!</AlertTitle>
            {toProblem(staff.error)?.message || 'The staff list could not be loaded.'}
          </Alert>
        ) : (
          <>
            <TableCard title="Users" titleId="staff-users-title" phone={phone}>
              {phone ? (
                <PhoneBlockList aria-labelledby="staff-users-title">
                  {staff.data?.users.map((user) => (
                    <PhoneBlock key={user.id}>
                      <PhoneBlockLine end={<StatusChip user={user} />}>
                        <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
                      </PhoneBlockLine>
                      {user.title && (
                        <Typography variant="body2" color="text.secondary">
                          {user.title}
                        </Typography>
                      )}
                      <Typography variant="body2">
                        <EmailText email={user.email} />
                      </Typography>
                      <PhoneBlockLine end={actionOf(user)}>
                        <Box
                          sx={{
                            display: 'flex',
                            alignItems: 'center',
                            gap: 1,
                            mt: 0.5,
                            typography: 'body2',
                            '& .MuiTextField-root': { width: 132 },
                          }}
                        >
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            Role
                          </Box>
                          {roleOf(user)}
                        </Box>
                      </PhoneBlockLine>
                    </PhoneBlock>
                  ))}
                </PhoneBlockList>
              ) : (
                <Table aria-labelledby="staff-users-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Email</TableCell>
                      <TableCell>Role</TableCell>
                      <TableCell>Status</TableCell>
                      {owner && <TableCell align="right">Actions</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {staff.data?.users.map((user) => (
                      <TableRow key={user.id} hover>
                        <TableCell>
                          <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
                          {user.title && (
                            <Typography variant="body2" color="text.secondary">
                              {user.title}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                        <TableCell>{roleOf(user)}</TableCell>
                        <TableCell>
                          <StatusChip user={user} />
                        </TableCell>
                        {owner && <TableCell align="right">{actionOf(user)}</TableCell>}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </TableCard>

            <TableCard title="Pending Invitations" titleId="staff-invitations-title" phone={phone}>
              {!staff.data?.invitations.length ? (
                <Typography color="text.secondary" sx={{ px: { xs: 0, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
                  No pending invitations.
                </Typography>
              ) : phone ? (
                <PhoneBlockList aria-labelledby="staff-invitations-title">
                  {staff.data.invitations.map((invitation) => {
                    const facts = invitationPhoneFacts(invitation);
                    return (
                      <PhoneBlock key={invitation.id}>
                        <PhoneBlockLine end={invitationAction(invitation)}>
                          <Typography sx={{ fontWeight: 600 }}>
                            {facts.email ? facts.primary : <EmailText email={facts.primary} />}
                          </Typography>
                        </PhoneBlockLine>
                        {facts.email && (
                          <Typography variant="body2">
                            <EmailText email={facts.email} />
                          </Typography>
                        )}
                        <PhoneBlockLine
                          end={facts.expired && <Chip size="small" label="Expired" variant="outlined" />}
                        >
                          <Typography variant="body2" color="text.secondary">
                            {facts.dates}
                          </Typography>
                        </PhoneBlockLine>
                      </PhoneBlock>
                    );
                  })}
                </PhoneBlockList>
              ) : (
                <Table aria-labelledby="staff-invitations-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Email</TableCell>
                      <TableCell>Sent</TableCell>
                      <TableCell>Expires</TableCell>
                      {owner && <TableCell align="right">Actions</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {staff.data.invitations.map((invitation) => (
                      <TableRow key={invitation.id} hover>
                        <TableCell>{invitation.name || '—'}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
                        <TableCell>{formatDate(invitation.created_at)}</TableCell>
                        <TableCell>
                          {invitation.status === 'expired' ? (
                            <Chip size="small" label="Expired" variant="outlined" />
                          ) : (
                            formatDate(invitation.expires_at)
                          )}
                        </TableCell>
                        {owner && <TableCell align="right">{invitationAction(invitation)}</TableCell>}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </TableCard>
          </>
        )}
      </Box>

      <ConfirmDialog
        open={confirming}
        title={
          pending?.kind === 'revoke'
            ? 'Revoke this invitation?'
            : `Disable ${pending?.user.name ?? 'this user'}?`
        }
        confirmLabel={pending?.kind === 'revoke' ? 'Revoke' : 'Disable'}
        destructive
        busy={disabling.isLoading || revoking.isLoading}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        {pending?.kind === 'revoke'
          ? `The link sent to ${pending.invitation.email} will stop working.`
          : `${pending?.user.name ?? 'They'} will be signed out at once and cannot sign in until you enable them again.`}
      </ConfirmDialog>
    </>
  );
}

/** Active (green) or Disabled. */
function StatusChip({ user }: { user: StaffUser }) {
  return (
    <Chip
      size="small"
      label={user.disabled ? 'Disabled' : 'Active'}
      color={user.disabled ? 'default' : 'success'}
      variant={user.disabled ? 'outlined' : 'filled'}
    />
  );
}

/** A titled card holding a table, or on a phone the list of blocks that replaces it. */
function TableCard({
  title,
  titleId,
  phone,
  children,
}: {
  title: string;
  titleId: string;
  phone: boolean;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Typography
          id={titleId}
          variant="h2"
          sx={{ fontSize: '1.125rem', px: { xs: 2, sm: 3 }, pt: 2.5, pb: 1.5 }}
        >
          {title}
        </Typography>
        {phone ? (
          <Box sx={{ px: 2, pb: 1 }}>{children}</Box>
        ) : (
          <TableContainer
            sx={{
              '& .MuiTableCell-root:first-of-type': { pl: { xs: 2, sm: 3 } },
              '& .MuiTableCell-root:last-of-type': { pr: { xs: 2, sm: 3 } },
              '& thead .MuiTableCell-root': { color: 'text.secondary', fontWeight: 600, py: 1.25 },
              '& tbody tr:last-of-type .MuiTableCell-root': { borderBottom: 0 },
            }}
          >
            {children}
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
