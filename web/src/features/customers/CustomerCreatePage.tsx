import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm } from '../../shared/forms/use-form';
import { formatDate } from '../../shared/format';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  EMPTY_CUSTOMER,
  establishmentValues,
  preferredPermit,
  toCustomerBody,
  validateCustomer,
  type CustomerValues,
} from './customer-form';
import { CUSTOMER_MESSAGES } from './customer-messages';
import { CustomerFields } from './CustomerFields';
import { useCreateCustomerMutation, type Establishment, type PermitCode } from './customers.api';
import { EstablishmentSearch } from './EstablishmentSearch';
import { saveProblem } from './save-problem';

/** Which establishment filled the form, with its other licences to switch to. */
function FilledFrom({
  establishment,
  permit,
  onPermit,
}: {
  establishment: Establishment;
  permit: PermitCode | undefined;
  onPermit: (permit: PermitCode) => void;
}) {
  return (
    <Stack spacing={1}>
      <Alert severity="info" role="status">
        Filled from <strong>{establishment.name}</strong>. Check the details before saving.
        {establishment.permitCodes.length > 1 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
            <Typography variant="body2">Licence:</Typography>
            {establishment.permitCodes.map((code) => (
              <Chip
                key={code.license_id}
                size="small"
                label={`${code.tabc_id} · ${code.primary_status ?? 'Unknown'}`}
                color={code === permit ? 'primary' : 'default'}
                variant={code === permit ? 'filled' : 'outlined'}
                aria-pressed={code === permit}
                onClick={() => onPermit(code)}
              />
            ))}
          </Box>
        )}
      </Alert>
      {establishment.delinquency && (
        <Alert severity="error">
          {CUSTOMER_MESSAGES.delinquent}
          {establishment.delinquency.effective_date &&
            ` Effective ${formatDate(establishment.delinquency.effective_date)}.`}
        </Alert>
      )}
    </Stack>
  );
}

/** /customer/create: search the TABC licence list to fill the form, or fill it in by hand. */
export default function CustomerCreatePage() {
  const navigate = useNavigate();
  const [createCustomer] = useCreateCustomerMutation();
  const form = useForm<CustomerValues>({ initialValues: EMPTY_CUSTOMER, validate: validateCustomer });
  const [problem, setProblem] = useState<string[]>([]);
  const [picked, setPicked] = useState<{ establishment: Establishment; permit?: PermitCode } | null>(null);

  const fill = (establishment: Establishment, permit = preferredPermit(establishment)) => {
    setPicked({ establishment, permit });
    setProblem([]);
    form.reset({ ...form.values, ...establishmentValues(establishment, permit) });
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem([]);
    try {
      const customer = await createCustomer(toCustomerBody(values)).unwrap();
      toast.success(`${CUSTOMER_MESSAGES.created}: ${customer.name}`);
      navigate('/customer');
    } catch (error) {
      const { fields, messages } = saveProblem(error);
      form.setServerErrors(fields);
      setProblem(messages);
    }
  });

  return (
    <>
      <PageHeader title="New Customer" />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={submit} aria-label="New customer">
            <Stack spacing={3}>
              <EstablishmentSearch onPick={(establishment) => fill(establishment)} />
              {picked && (
                <FilledFrom
                  establishment={picked.establishment}
                  permit={picked.permit}
                  onPermit={(permit) => fill(picked.establishment, permit)}
                />
              )}
              <ProblemAlert title={CUSTOMER_MESSAGES.saveFailed} messages={problem} />
              <CustomerFields form={form} />
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
                <RouterButton to="/customer" variant="text">
                  Cancel
                </RouterButton>
                <Button type="submit" variant="contained" loading={form.submitting}>
                  Create Customer
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
