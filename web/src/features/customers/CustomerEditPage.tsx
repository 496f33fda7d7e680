import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { balancePath } from '../payments/payment-messages';
import { CustomerAvatar } from './CustomerAvatar';
import { CustomerBanners } from './CustomerBanners';
import { CustomerFields } from './CustomerFields';
import { customerValues, toCustomerBody, validateCustomer, type CustomerValues } from './customer-form';
import { CUSTOMER_MESSAGES } from './customer-messages';
import {
  useGetCustomerQuery,
  useRemoveCustomerMutation,
  useUpdateCustomerMutation,
  type Customer,
} from './customers.api';
import { saveProblem } from './save-problem';

function NotFound() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, gap: 2 }}>
      <title>{`${CUSTOMER_MESSAGES.notFound} · Stampline`}</title>
      <PersonOffOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h1">{CUSTOMER_MESSAGES.notFound}</Typography>
      <Typography color="text.secondary">It may have been removed, or the link is wrong.</Typography>
      <RouterButton to="/customer" variant="contained">
        All Customers
      </RouterButton>
    </Box>
  );
}

/** The client's specification: confirmation dialog → saving → saved. */
type SaveStep = 'closed' | 'confirm' | 'saving' | 'saved';

function EditForm({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const initialValues = useMemo(() => customerValues(customer), [customer]);
  const form = useForm<CustomerValues>({ initialValues, validate: validateCustomer });
  const [updateCustomer] = useUpdateCustomerMutation();
  const [removeCustomer, { isLoading: removing }] = useRemoveCustomerMutation();
  const [problem, setProblem] = useState<string[]>([]);
  const [step, setStep] = useState<SaveStep>('closed');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const payments = useFeature('payment').active;

  const submit = form.handleSubmit(() => {
    setProblem([]);
    setStep('confirm');
  });

  const save = async () => {
    setStep('saving');
    try {
      const saved = await updateCustomer({ id: customer.id, body: toCustomerBody(form.values) }).unwrap();
      form.reset(customerValues(saved));
      setStep('saved');
    } catch (error) {
      const { fields, messages } = saveProblem(error);
      setStep('closed');
      form.setServerErrors(fields);
      setProblem(messages);
    }
  };

  const remove = async () => {
    try {
      const { message } = await removeCustomer(customer.id).unwrap();
      toast.success(message || CUSTOMER_MESSAGES.deleted);
      navigate('/customer');
    } catch (error) {
      setConfirmRemove(false);
      toast.error(toProblem(error)?.message || CUSTOMER_MESSAGES.removeFailed);
    }
  };

  return (
    <>
      <PageHeader
        title={`Edit ${customer.name}`}
        subtitle={`TABC ID ${customer.display_tabc_id}`}
        actions={
          <>
            <RouterButton to="/customer" variant="text">
              All Customers
            </RouterButton>
            {payments && (
              <RouterButton to={balancePath(customer.id)} variant="outlined">
                Balance
              </RouterButton>
            )}
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setConfirmRemove(true)}
            >
              Remove
            </Button>
          </>
        }
      />
      <CustomerBanners customerId={customer.id} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={submit} aria-label="Edit customer">
            <Stack spacing={3}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <CustomerAvatar
                  name={form.values.name || customer.name}
                  colorIndex={customer.color_index}
                  size={44}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {customer.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {[customer.address, customer.city, customer.state, customer.zip]
                      .filter(Boolean)
                      .join(', ')}
                  </Typography>
                </Box>
              </Box>
              <ProblemAlert title={CUSTOMER_MESSAGES.saveFailed} messages={problem} />
              <CustomerFields form={form} />
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained">
                  Save Customer
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>

      <Dialog
        open={step !== 'closed'}
        onClose={() => step !== 'saving' && setStep('closed')}
        aria-labelledby="save-customer-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="save-customer-title">
          {step === 'saved' ? CUSTOMER_MESSAGES.saved : 'Save changes?'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {step === 'saved'
              ? `${customer.name} is up to date.`
              : `Sure you want to save the changes to ${form.values.name.trim() || customer.name}?`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          {step === 'saved' ? (
            <>
              <RouterButton to="/customer">All Customers</RouterButton>
              <Button variant="contained" onClick={() => setStep('closed')} autoFocus>
                Close
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setStep('closed')} disabled={step === 'saving'}>
                Nevermind
              </Button>
              <Button variant="contained" onClick={() => void save()} loading={step === 'saving'} autoFocus>
                Save
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>

      <Dialog
        open={confirmRemove}
        onClose={() => !removing && setConfirmRemove(false)}
        aria-labelledby="remove-customer-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="remove-customer-title">Remove customer?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Sure you want to remove {customer.name}? It disappears from the customer list.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRemove(false)} disabled={removing}>
            Nevermind
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} loading={removing}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** /customer/{customerId}/edit: edit (saving through a confirmation dialog) and remove; banners from the TABC lists. */
export default function CustomerEditPage() {
  const { customerId = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetCustomerQuery(customerId);
  if (isLoading) return <FullPageSpinner label="Loading customer" />;
  const problem = toProblem(error);
  if (problem?.status === 404 || (!data && problem?.status === 400)) return <NotFound />;
  if (!data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8, gap: 2 }}>
        <ProblemAlert messages={[problem?.message || 'Error loading the customer']} />
        <Button variant="outlined" onClick={() => void refetch()}>
          Retry
        </Button>
      </Box>
    );
  return <EditForm key={data.id} customer={data} />;
}
