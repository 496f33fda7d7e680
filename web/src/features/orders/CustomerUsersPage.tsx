import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, useGridApiRef, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useGridRefit } from '../../shared/grid/ServerDataGrid';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatDateTime } from '../../shared/format';
import { GridSearchField } from '../../shared/grid/GridSearchField';
import { phoneRowParts, PhoneRowList } from '../../shared/grid/PhoneRowList';
import { DEFAULT_PAGE_SIZE } from '../../shared/grid/grid-protocol';
import { fieldErrors, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { useGetCustomerQuery } from '../customers/customers.api';
import { CustomerUserNotifications } from './CustomerUserNotifications';
import { customerUserAccess, customerUserMatches, customerUserPhoneFacts } from './customer-users-phone';
import { CUSTOMER_USER_ROW_HEIGHT, ORDER_MESSAGES } from './order-messages';
import {
  useCustomerUsersQuery,
  useInviteCustomerUserMutation,
  useRevokeCustomerUserMutation,
  useSetCustomerUserPermissionMutation,
  type CustomerUser,
} from './orders.api';

const columns: GridColDef<CustomerUser>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
  {
    field: 'customer',
    headerName: 'Customer',
    flex: 1,
    minWidth: 160,
    valueGetter: (_v, row) => row.customer.name,
  },
  {
    field: 'access',
    headerName: 'Access',
    flex: 0.5,
    minWidth: 110,
    valueGetter: (value) => customerUserAccess(value as CustomerUser['access']),
  },
  {
    field: 'invited_at',
    headerName: 'Invited',
    flex: 0.8,
    minWidth: 170,
    valueFormatter: (value) => formatDateTime(value as string),
  },
];

/** /customer/users and /customer/{customer_id}/user (as the client's specification asks): customer users, invitation, access. */
export default function CustomerUsersPage() {
  const { customerId } = useParams();
  const customer = useGetCustomerQuery(customerId ?? '', { skip: !customerId });
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title={customerId ? `Users of ${customer.data?.name ?? 'the customer'}` : 'Customer Users'}
        subtitle="People at your customers who order from the ordering app."
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <RouterButton to="/customer" variant="outlined">
              Customers
            </RouterButton>
            {customerId && (
              <Button variant="contained" onClick={() => setInviting(true)}>
                Invite User
              </Button>
            )}
          </Box>
        }
      />
      <FeatureGate feature="order">
        <UsersGrid customerId={customerId} />
        {inviting && customerId && (
          <InviteDialog customerId={customerId} onClose={() => setInviting(false)} />
        )}
      </FeatureGate>
    </>
  );
}

function UsersGrid({ customerId }: { customerId: string | undefined }) {
  const users = useCustomerUsersQuery(customerId);
  useFeatureForbidden(users.error);
  const [selected, setSelected] = useState<string | null>(null);
  const apiRef = useGridApiRef();
  useGridRefit(apiRef, users.data);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const user = users.data?.find((u) => u.id === selected) ?? null;
  if (users.isError && toProblem(users.error)?.status !== 403)
    return <Alert severity="error">{ORDER_MESSAGES.loadFailed}</Alert>;
  return (
    <Card>
      <Box sx={{ height: { xs: 520, md: 'max(420px, calc(100vh - 260px))' } }}>
        {phone ? (
          <UsersPhoneList
            users={users.data ?? []}
            loading={users.isFetching}
            withCustomer={!customerId}
            onOpen={(row) => setSelected(row.id)}
          />
        ) : (
          <DataGrid
            apiRef={apiRef}
            aria-label="Customer users"
            rows={users.data ?? []}
            columns={columns}
            loading={users.isFetching}
            rowHeight={CUSTOMER_USER_ROW_HEIGHT}
            onRowClick={({ id }) => setSelected(String(id))}
            localeText={{ noRowsLabel: ORDER_MESSAGES.noUsers }}
            pageSizeOptions={[10, 25, 50, 100]}
            initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          />
        )}
      </Box>
      <Drawer anchor="right" open={user !== null} onClose={() => setSelected(null)}>
        {user && <UserPanel user={user} onClose={() => setSelected(null)} />}
      </Drawer>
    </Card>
  );
}

/**
 * The users on a phone: a search (name, e-mail or customer) and a list of whole names with their e-mail and
 * access, a page at a time; a tap opens the user's panel, as a click on the grid's row does.
 */
function UsersPhoneList({
  users,
  loading,
  withCustomer,
  onOpen,
}: {
  users: readonly CustomerUser[];
  loading: boolean;
  withCustomer: boolean;
  onOpen: (user: CustomerUser) => void;
}) {
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const found = users.filter((user) => customerUserMatches(user, search));
  // a search that leaves fewer pages goes back to the last one there is
  const page = Math.min(paging.page, Math.max(0, Math.ceil(found.length / paging.pageSize) - 1));
  const shown = found.slice(page * paging.pageSize, (page + 1) * paging.pageSize);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 1.5, pb: 0 }}>
      <GridSearchField
        label="Search users"
        placeholder="Name, e-mail or customer"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPaging((current) => ({ ...current, page: 0 }));
        }}
      />
      <Box sx={{ flex: 1, minHeight: 0, mt: 1 }}>
        <PhoneRowList<CustomerUser>
          label="Customer users"
          rows={shown}
          rowCount={found.length}
          loading={loading}
          overlay={{
            message: search.trim() ? `No user matches "${search.trim()}".` : ORDER_MESSAGES.noUsers,
            error: false,
          }}
          phoneRow={(user) => phoneRowParts(customerUserPhoneFacts(user, { withCustomer }))}
          onOpen={onOpen}
          paginationModel={{ ...paging, page }}
          onPaginationModelChange={setPaging}
        />
      </Box>
    </Box>
  );
}

function UserPanel({ user, onClose }: { user: CustomerUser; onClose: () => void }) {
  const [setPermission, permission] = useSetCustomerUserPermissionMutation();
  const [revoke, revoking] = useRevokeCustomerUserMutation();
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      toast.error(toProblem(error)?.message || 'Something went wrong');
    }
  };
  return (
    <Box
      role="region"
      aria-label={`Customer user ${user.name}`}
      sx={{ width: { xs: '100vw', sm: 380 }, p: 3, display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h2">{user.name}</Typography>
      <Typography color="text.secondary">{user.email}</Typography>
      <Typography>Customer: {user.customer.name}</Typography>
      <Typography>Access: {customerUserAccess(user.access)}</Typography>
      {user.tabc_id && <Typography>TABC ID: {user.tabc_id}</Typography>}
      <Typography variant="body2" color="text.secondary">
        Invited {formatDateTime(user.invited_at)}
      </Typography>
      <CustomerUserNotifications user={user} />
      {!user.revoked && (
        <Button
          variant="outlined"
          disabled={permission.isLoading}
          onClick={() =>
            void run(
              () => setPermission({ customerUser: user.id, permission: !user.is_enable }).unwrap(),
              user.is_enable ? 'User disabled.' : 'User enabled.',
            )
          }
        >
          {user.is_enable ? 'Disable' : 'Enable'}
        </Button>
      )}
      <Button
        variant="outlined"
        color={user.revoked ? 'primary' : 'error'}
        disabled={revoking.isLoading}
        onClick={() =>
          void run(
            () => revoke({ customerUser: user.id, revoke: !user.revoked }).unwrap(),
            user.revoked ? 'Access re-activated.' : 'Access revoked.',
          )
        }
      >
        {user.revoked ? 'Re-activate' : 'Revoke'}
      </Button>
      <Button onClick={onClose}>Close</Button>
    </Box>
  );
}

function InviteDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [tabcId, setTabcId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState('');
  const [invite, inviting] = useInviteCustomerUserMutation();
  const titleId = useId();
  const submit = async () => {
    const local: Record<string, string> = {};
    if (name.trim().length < 3 || name.trim().length > 40) local.name = 'User name is required !';
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) local.email = "Email can't be an empty field !";
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const result = await invite({
        values: { name: name.trim(), email: email.trim(), tabc_id: tabcId.trim() || null },
        customer: customerId,
      }).unwrap();
      setLink(result.link);
      toast.success(`Invitation sent to ${result.user.email}.`);
    } catch (error) {
      const problem = toProblem(error);
      const byField = fieldErrors(problem);
      setErrors({
        name: byField['values.name'] ?? '',
        email: byField['values.email'] ?? byField.email ?? '',
        form: Object.keys(byField).length ? '' : (problem?.message ?? 'Something went wrong'),
      });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Invite a user</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {link ? (
          <>
            <Alert severity="success">The invitation e-mail is on its way. The link works once.</Alert>
            <TextField label="Invitation link" value={link} slotProps={{ htmlInput: { readOnly: true } }} />
          </>
        ) : (
          <>
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!errors.name}
              helperText={errors.name || ' '}
            />
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!errors.email}
              helperText={errors.email || ' '}
            />
            <TextField
              label="TABC ID (optional)"
              value={tabcId}
              onChange={(e) => setTabcId(e.target.value)}
            />
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{link ? 'Done' : 'Cancel'}</Button>
        {!link && (
          <Button variant="contained" onClick={() => void submit()} disabled={inviting.isLoading}>
            Send Invitation
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
