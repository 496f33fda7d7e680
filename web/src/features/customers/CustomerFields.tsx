import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { paymentTermsLabel, paymentTermsOr } from '#domain/invoices/payment-terms';
import { useCompany } from '../../shared/company/company.api';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { PaymentTermsField } from '../../shared/forms/PaymentTermsField';
import type { useForm } from '../../shared/forms/use-form';
import { useListPriceTiersQuery } from '../settings/price-tiers.api';
import { builtFrom, type CustomerValues } from './customer-form';

export type CustomerForm = ReturnType<typeof useForm<CustomerValues>>;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: 0.5,
          mt: hint ? 0 : 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

const span = (columns: number) => ({ gridColumn: { sm: `span ${columns}` } });

/**
 * The customer's price tier (customers carry product_price_tier_id), only with tiered_pricing. No tier
 * pays the list price, as the base tier does; a tier removed meanwhile shows as no tier.
 */
function PriceTierPicker({ form }: { form: CustomerForm }) {
  const { data: tiers = [], isLoading } = useListPriceTiersQuery();
  const value = form.values.product_price_tier_id;
  const known = value === '' || tiers.some((tier) => tier.id === value);
  const percent = (p: number) => (p === 0 ? 'list price' : `+${p.toLocaleString('en-US')} %`);
  return (
    <TextField
      {...form.field(
        'product_price_tier_id',
        tiers.length === 0 && !isLoading
          ? 'No price tiers yet: add them in Settings'
          : 'What this customer pays: the base price raised by the tier',
      )}
      value={known ? value : ''}
      select
      label="Price Tier"
      disabled={isLoading}
      sx={span(3)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">No tier (list price)</MenuItem>
      {tiers.map((tier) => (
        <MenuItem key={tier.id} value={tier.id}>
          {`${tier.name} (${percent(tier.percentage)})`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The fields of the customer form (as the client's specification asks); the page owns the form state and the saving. */
export function CustomerFields({ form }: { form: CustomerForm }) {
  const built = builtFrom(form.values);
  const flag = (name: 'cash_on_delivery' | 'fintech_option') => ({
    name,
    checked: form.values[name] === '1',
    onChange: (_event: unknown, checked: boolean) => form.setValue(name, checked ? '1' : '0'),
  });
  const fintech = form.values.fintech_option === '1';
  const { active: tieredPricing } = useFeature('tiered_pricing');
  const { data: company } = useCompany();

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title="Establishment">
        <TextField {...form.field('name')} label="Name" required autoComplete="off" sx={span(6)} />
        <TextField {...form.field('address')} label="Address" required sx={span(6)} />
        <TextField {...form.field('city')} label="City" required sx={span(3)} />
        <TextField
          {...form.field('state')}
          label="State"
          required
          sx={span(1)}
          slotProps={{ htmlInput: { maxLength: 40, style: { textTransform: 'uppercase' } } }}
        />
        <TextField {...form.field('zip')} label="Zip" required sx={span(2)} />
      </Section>

      <Section
        title="TABC"
        hint="The permit code (two letters, an optional hyphen, six digits), or the licence type and AIMS id."
      >
        <TextField
          {...form.field(
            'tabc_id',
            built ? `Saved as ${built} (licence type + AIMS ID)` : 'e.g. MB123456 or MB-123456',
          )}
          label="TABC ID"
          required={!built}
          autoComplete="off"
          sx={span(2)}
          slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
        />
        <TextField
          {...form.field('aims_license_type')}
          label="Licence Type"
          autoComplete="off"
          sx={span(1)}
          slotProps={{ htmlInput: { maxLength: 6, style: { textTransform: 'uppercase' } } }}
        />
        <TextField
          {...form.field('aims_id')}
          label="AIMS ID"
          autoComplete="off"
          sx={span(1)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField {...form.field('ydk_est_id')} label="Establishment ID" autoComplete="off" sx={span(2)} />
        <TextField
          {...form.field(
            'comptroller_taxpayer_number',
            'Optional: 11 digits, for the Comptroller sales report',
          )}
          label="Comptroller Taxpayer Number"
          autoComplete="off"
          sx={span(3)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        />
      </Section>

      <Section title="Contact">
        <TextField {...form.field('contact_name')} label="Contact Name" sx={span(2)} />
        <TextField {...form.field('contact_email')} label="Contact Email" type="email" sx={span(2)} />
        <TextField {...form.field('contact_phone')} label="Contact Phone" type="tel" sx={span(2)} />
      </Section>

      <Section title="Billing">
        <Box sx={{ ...span(3), display: 'flex', flexDirection: 'column' }}>
          <FormControlLabel control={<Switch {...flag('cash_on_delivery')} />} label="Cash on Delivery" />
          <FormControlLabel control={<Switch {...flag('fintech_option')} />} label="Fintech Option" />
        </Box>
        <Box sx={{ ...span(3), display: 'grid', gap: 0.5 }}>
          <TextField
            {...form.field('fintech_id', fintech ? 'Required while Fintech Option is enabled' : ' ')}
            label="Fintech ID"
            required={fintech}
            autoComplete="off"
          />
          <TextField
            {...form.field('service_start', 'Optional')}
            label="Service Start"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <PaymentTermsField
          id="customer-payment-terms"
          value={form.values.payment_terms}
          onChange={(code) => form.setValue('payment_terms', code)}
          error={form.field('payment_terms').error ? form.field('payment_terms').helperText : undefined}
          helperText="A new invoice's due date and note follow them."
          companyLabel={`Company's terms (${paymentTermsLabel(paymentTermsOr(company?.payment_terms))})`}
          gridColumn={{ sm: 'span 6' }}
        />
      </Section>

      {tieredPricing && (
        <Section title="Pricing">
          <PriceTierPicker form={form} />
        </Section>
      )}
    </Box>
  );
}
