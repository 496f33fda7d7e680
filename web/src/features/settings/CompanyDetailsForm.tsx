import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '#domain/shared/invoice-status';
import { COMPANY_DELIVERY_MEANS } from '#domain/companies/company.rules';
import { DELIVERY_MEANS_LABELS } from '#domain/invoices/invoice-delivered.rules';
import { userUpdated } from '../../app/session';
import { useAppDispatch, useAppSelector } from '../../app/store';
import type { Company } from '../../shared/company/company.api';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { PaymentTermsField } from '../../shared/forms/PaymentTermsField';
import { TextInput } from '../../shared/forms/TextInput';
import { useForm } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { useUpdateCompanyMutation } from './company-settings.api';
import {
  COMPANY_FORM_MESSAGES,
  companyBody,
  companyValues,
  US_TIME_ZONES,
  validateCompany,
  type CompanyValues,
} from './company-validation';

type SwitchName = 'show_prices' | 'sort_inv_products' | 'cash_on_delivery' | 'has_fintech';

/**
 * The company details form of /setting (as the client's specification asks): PUT /company/{id}. Errors show per field and,
 * for the server's answer, as the inline list 'Error saving company!' (as the client's specification asks). `focusThreshold` focuses the
 * stamp threshold input (?focus_field=threshold) instead of the first field.
 */
export function CompanyDetailsForm({
  company,
  focusThreshold,
}: {
  company: Company;
  focusThreshold: boolean;
}) {
  const { active: orderActive } = useFeature('order');
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [updateCompany] = useUpdateCompanyMutation();
  const [problem, setProblem] = useState<string[]>([]);
  const initialValues = useMemo(() => companyValues(company), [company]);
  const validate = useMemo(() => validateCompany(orderActive), [orderActive]);
  const form = useForm<CompanyValues>({ initialValues, validate });
  const thresholdRef = useRef<HTMLInputElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusThreshold) return;
    const input = thresholdRef.current;
    input?.focus({ preventScroll: true });
    input?.scrollIntoView({ block: 'center' });
  }, [focusThreshold]);

  const submit = form.handleSubmit(async (values) => {
    setProblem([]);
    try {
      const saved = await updateCompany({ id: company.id, body: companyBody(values) }).unwrap();
      form.reset(companyValues(saved));
      // the top bar shows the company's name from the session
      if (user?.company && user.company.name !== saved.name)
        dispatch(userUpdated({ ...user, company: { ...user.company, name: saved.name } }));
      toast.success(COMPANY_FORM_MESSAGES.saved);
    } catch (error) {
      const details = toProblem(error);
      form.setServerErrors(fieldErrors(details));
      setProblem(problemMessages(details, COMPANY_FORM_MESSAGES.failed));
      requestAnimationFrame(() => problemRef.current?.scrollIntoView({ block: 'nearest' }));
    }
  });

  const toggle = (name: SwitchName, label: string) => (
    <FormControlLabel
      label={label}
      control={
        <Switch
          name={name}
          checked={form.values[name] === 'true'}
          onChange={(_, checked) => form.setValue(name, String(checked))}
        />
      }
    />
  );

  const zones = US_TIME_ZONES.some((zone) => zone.value === form.values.time_zone)
    ? US_TIME_ZONES
    : [...US_TIME_ZONES, { value: form.values.time_zone, label: form.values.time_zone }];

  return (
    <Card component="section" aria-labelledby="company-details-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="company-details-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
          Company Details
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Printed on your invoices. Fields marked * are required.
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Company details">
          <Fields>
            <TextInput
              {...form.field('name')}
              label="Company Name"
              required
              autoComplete="organization"
              autoFocus={!focusThreshold}
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextInput
              {...form.field('address')}
              label="Address"
              required
              autoComplete="street-address"
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextInput {...form.field('city')} label="City" required autoComplete="address-level2" />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
              <TextInput {...form.field('state')} label="State" required autoComplete="address-level1" />
              <TextInput {...form.field('zip')} label="Zip" required autoComplete="postal-code" />
            </Box>
            <TextInput {...form.field('tabc_id')} label="TABC ID" required />
            <TextInput
              {...form.field(
                'subdomain',
                orderActive ? 'Where your customers place orders.' : 'Used by online orders.',
              )}
              label="Subdomain"
              required={orderActive}
            />
            <TextField
              {...form.field('time_zone', 'Business dates ("today", due dates) follow it.')}
              id="company-time-zone"
              select
              label="Time Zone"
              sx={{ gridColumn: '1 / -1' }}
            >
              {zones.map((zone) => (
                <MenuItem key={zone.value} value={zone.value}>
                  {zone.label}
                </MenuItem>
              ))}
            </TextField>
          </Fields>

          <Section title="Invoicing">
            <TextInput
              {...form.field('starting_invoice_number', 'Numbering starts here (at least 1).')}
              label="Starting Invoice Number"
              inputMode="numeric"
            />
            <TextField
              {...form.field('default_invoice_status', 'Where new invoices start.')}
              id="company-default-invoice-status"
              select
              label="Default Invoice Status"
            >
              {INVOICE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {INVOICE_STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </TextField>
            <TextInput
              {...form.field('tax_rate', 'From 0 to 100, up to 2 decimals.')}
              label="Tax Rate"
              inputMode="decimal"
              endAdornment={<InputAdornment position="end">%</InputAdornment>}
            />
            <TextInput
              {...form.field('stamp_threshold', 'Warn when fewer stamps are left (1 to 5000).')}
              label="Stamp Threshold"
              inputMode="numeric"
              inputRef={thresholdRef}
            />

            <PaymentTermsField
              id="company-payment-terms"
              value={form.values.payment_terms}
              onChange={(code) => form.setValue('payment_terms', code)}
              error={form.field('payment_terms').error ? form.field('payment_terms').helperText : undefined}
              helperText="Sets a new invoice's due date and the start of its note; a customer may have its own."
              gridColumn="1 / -1"
            />
            <TextInput
              {...form.field(
                'default_invoice_note',
                'Pre-fills the note on new invoices, after the payment terms; may be empty.',
              )}
              label="Default Invoice Note"
              multiline
              minRows={3}
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextField
              {...form.field('delivery_means', 'Printed on invoices; a delivery may say otherwise.')}
              id="company-delivery-means"
              select
              label="Means of Delivery"
            >
              {COMPANY_DELIVERY_MEANS.map((means) => (
                <MenuItem key={means} value={means}>
                  {DELIVERY_MEANS_LABELS[means]}
                </MenuItem>
              ))}
            </TextField>
            {form.values.delivery_means === 'carrier' && (
              <>
                <TextInput {...form.field('carrier_name')} label="Carrier Name" required />
                <TextInput
                  {...form.field('carrier_permit', "The carrier's TABC permit.")}
                  label="Carrier Permit"
                  required
                />
              </>
            )}
          </Section>

          <Section title="Options">
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
              {toggle('show_prices', 'Show Prices')}
              {toggle('sort_inv_products', 'Sort Invoice Products')}
              {toggle('cash_on_delivery', 'Cash On Delivery')}
              {toggle('has_fintech', 'Fintech')}
            </Box>
            {form.values.has_fintech === 'true' && (
              <TextInput {...form.field('fintech_id')} label="Fintech ID" required />
            )}
          </Section>

          <Box ref={problemRef} sx={{ mt: 2, scrollMarginBottom: 80 }}>
            <ProblemAlert title={COMPANY_FORM_MESSAGES.failed} messages={problem} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" loading={form.submitting}>
              Save Company
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 2,
        rowGap: 1,
      }}
    >
      {children}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2.5, minWidth: 0 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography
        component="legend"
        variant="h3"
        sx={{ fontSize: '1rem', mb: 2, p: 0, float: 'left', width: '100%' }}
      >
        {title}
      </Typography>
      <Box sx={{ clear: 'both' }}>
        <Fields>{children}</Fields>
      </Box>
    </Box>
  );
}
