import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useMemo, useState } from 'react';
import {
  DEFAULT_TIER_NAME,
  DEFAULT_TIER_PERCENTAGE_BASIS_POINTS,
  priceTierRules,
  tierNameKey,
} from '#domain/companies/price-tier.rules';
import { isFeatureOff } from '../../shared/feature-gate/FeatureGate';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import {
  useAddPriceTierMutation,
  useChoosePriceTierBaseMutation,
  useListPriceTiersQuery,
  usePriceTierColorsQuery,
  usePriceTierSettingsQuery,
  useRemovePriceTierMutation,
  useTierCustomerCountsQuery,
  useUpdatePriceTierMutation,
  type PriceTier,
  type PriceTierColor,
  type TierBase,
} from './price-tiers.api';

export const PRICE_TIER_SCREEN_MESSAGES = {
  saveFailed: 'Error saving price tier!',
  removeFailed: 'Error removing price tier!',
  added: 'Price tier added',
  saved: 'Price tier saved',
  baseSaved: 'Tier base saved',
  baseLocked: "The base tier can't be edited or removed.",
  empty: 'No price tiers yet. Customers pay the list price until you add one.',
} as const;

export const TIER_BASE_LABELS: Record<TierBase, string> = {
  list_price: 'List price',
  last_purchase_price: 'Last purchase price',
};

const DEFAULT_PERCENTAGE = String(DEFAULT_TIER_PERCENTAGE_BASIS_POINTS / 100);

/** 'Tier 1', else the first 'Tier N' no tier has (a new tier defaults to Tier 1, 10 %). */
export function nextTierName(tiers: readonly PriceTier[]): string {
  const taken = new Set(tiers.map((tier) => tierNameKey(tier.name)));
  if (!taken.has(tierNameKey(DEFAULT_TIER_NAME))) return DEFAULT_TIER_NAME;
  let n = 2;
  while (taken.has(tierNameKey(`Tier ${n}`))) n += 1;
  return `Tier ${n}`;
}

/** The first colour of the API's list (no greens) that no tier has yet. */
export function nextTierColor(tiers: readonly PriceTier[], colors: readonly PriceTierColor[]): string {
  const used = new Set(tiers.map((tier) => tier.color));
  return (colors.find((color) => !used.has(color.name)) ?? colors[0])?.name ?? '';
}

const colorLabel = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function TierSwatch({ hex, size = 14 }: { hex: string | undefined; size?: number }) {
  return (
    <Box
      aria-hidden
      component="span"
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: hex ?? 'grey.400',
        boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.12)',
      }}
    />
  );
}

const percentLabel = (tier: PriceTier) =>
  tier.is_base_tier ? 'List price (+0 %)' : `+${tier.percentage.toLocaleString('en-US')} %`;

interface TierValues {
  [field: string]: string;
  name: string;
  percentage: string;
  color: string;
}
const TIER_FIELDS = ['name', 'percentage', 'color'] as const;

function validateTier(values: TierValues): FormErrors<TierValues> {
  const errors: FormErrors<TierValues> = {
    name: priceTierRules.name(values.name),
    percentage:
      values.percentage.trim() === ''
        ? 'Percentage is required.'
        : priceTierRules.percentage(values.percentage),
    color: priceTierRules.color(values.color),
  };
  for (const field of TIER_FIELDS) if (errors[field] === undefined) delete errors[field];
  return errors;
}

/** Add or edit a tier: name, percentage and colour (the API's list, no greens). */
function TierDialog({
  tier,
  defaults,
  colors,
  onClose,
}: {
  tier: PriceTier | null;
  defaults: TierValues;
  colors: PriceTierColor[];
  onClose: () => void;
}) {
  const titleId = useId();
  const initialValues = useMemo(
    () => (tier ? { name: tier.name, percentage: String(tier.percentage), color: tier.color } : defaults),
    [tier, defaults],
  );
  const form = useForm<TierValues>({ initialValues, validate: validateTier });
  const [messages, setMessages] = useState<string[]>([]);
  const [addTier] = useAddPriceTierMutation();
  const [updateTier] = useUpdatePriceTierMutation();

  const submit = form.handleSubmit(async (values) => {
    setMessages([]);
    const body = { name: values.name.trim(), percentage: values.percentage.trim(), color: values.color };
    try {
      if (tier) await updateTier({ id: tier.id, body }).unwrap();
      else await addTier(body).unwrap();
      toast.success(tier ? PRICE_TIER_SCREEN_MESSAGES.saved : PRICE_TIER_SCREEN_MESSAGES.added);
      onClose();
    } catch (error) {
      const problem = toProblem(error);
      const all = fieldErrors(problem);
      const fields: FormErrors<TierValues> = {};
      for (const field of TIER_FIELDS) if (all[field]) fields[field] = all[field];
      form.setServerErrors(fields);
      setMessages(problemMessages(problem, PRICE_TIER_SCREEN_MESSAGES.saveFailed));
    }
  });

  return (
    <Dialog
      open
      onClose={form.submitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{tier ? `Edit ${tier.name}` : 'Add Price Tier'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <ProblemAlert title={PRICE_TIER_SCREEN_MESSAGES.saveFailed} messages={messages} />
          <TextField {...form.field('name')} label="Tier Name" required autoFocus autoComplete="off" />
          <TextField
            {...form.field('percentage', 'Added to the base price, 0 to 1000')}
            label="Percentage"
            required
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <TextField
            {...form.field('color')}
            select
            label="Colour"
            required
            slotProps={{
              select: {
                renderValue: (value) => {
                  const color = colors.find((c) => c.name === value);
                  return (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <TierSwatch hex={color?.hex} />
                      {colorLabel(String(value))}
                    </Box>
                  );
                },
              },
            }}
          >
            {colors.map((color) => (
              <MenuItem key={color.name} value={color.name} sx={{ gap: 1 }}>
                <TierSwatch hex={color.hex} />
                {colorLabel(color.name)}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.submitting}>
            {tier ? 'Save Tier' : 'Add Tier'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Remove a tier: its customers move to the tier chosen (default: the base tier), the client's specification */
function RemoveTierDialog({
  tier,
  tiers,
  customers,
  onClose,
}: {
  tier: PriceTier;
  tiers: PriceTier[];
  customers: number | undefined;
  onClose: () => void;
}) {
  const titleId = useId();
  const others = tiers.filter((t) => t.id !== tier.id);
  const base = others.find((t) => t.is_base_tier) ?? others[0];
  const [target, setTarget] = useState(base?.id ?? '');
  const [removeTier, { isLoading }] = useRemovePriceTierMutation();
  const [messages, setMessages] = useState<string[]>([]);
  const count = customers ?? 0;

  const remove = async () => {
    setMessages([]);
    try {
      const result = await removeTier({ id: tier.id, migratingTierId: target || null }).unwrap();
      const moved = others.find((t) => t.id === result.migrated_to_tier_id)?.name;
      toast.success(
        result.migrated_customers > 0 && moved
          ? `${result.message} ${result.migrated_customers} ${result.migrated_customers === 1 ? 'customer' : 'customers'} moved to ${moved}.`
          : result.message,
      );
      onClose();
    } catch (error) {
      setMessages(problemMessages(toProblem(error), PRICE_TIER_SCREEN_MESSAGES.removeFailed));
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{`Remove ${tier.name}?`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <ProblemAlert title={PRICE_TIER_SCREEN_MESSAGES.removeFailed} messages={messages} />
        <DialogContentText>
          {customers === undefined
            ? 'Counting its customers…'
            : count === 0
              ? `No customer is on ${tier.name}.`
              : `${count} ${count === 1 ? 'customer is' : 'customers are'} on ${tier.name}. Choose the tier they move to.`}
        </DialogContentText>
        <TextField
          select
          label="Move its customers to"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        >
          {others.map((other) => (
            <MenuItem key={other.id} value={other.id}>
              {`${other.name} (${percentLabel(other)})`}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={isLoading} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void remove()} loading={isLoading}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TierBaseSetting() {
  const { data } = usePriceTierSettingsQuery();
  const [choose, { isLoading }] = useChoosePriceTierBaseMutation();
  return (
    <TextField
      select
      size="small"
      label="Tier base"
      value={data?.tier_base ?? ''}
      disabled={!data || isLoading}
      onChange={async (event) => {
        try {
          await choose(event.target.value as TierBase).unwrap();
          toast.success(PRICE_TIER_SCREEN_MESSAGES.baseSaved);
        } catch (error) {
          toast.error(toProblem(error)?.message || PRICE_TIER_SCREEN_MESSAGES.saveFailed);
        }
      }}
      helperText="What tier percentages raise"
      sx={{ maxWidth: 260 }}
    >
      {(Object.keys(TIER_BASE_LABELS) as TierBase[]).map((base) => (
        <MenuItem key={base} value={base}>
          {TIER_BASE_LABELS[base]}
        </MenuItem>
      ))}
    </TextField>
  );
}

type Editing = { tier: PriceTier | null } | null;

function Manager() {
  const titleId = useId();
  const tiers = useListPriceTiersQuery();
  const colors = usePriceTierColorsQuery();
  const counts = useTierCustomerCountsQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<PriceTier | null>(null);
  const list = useMemo(() => tiers.data ?? [], [tiers.data]);
  const palette = useMemo(() => colors.data ?? [], [colors.data]);
  const hexOf = useCallback((name: string) => palette.find((c) => c.name === name)?.hex, [palette]);
  const countOf = (tier: PriceTier) => counts.data?.find((c) => c.product_price_tier_id === tier.id)?.count;
  const defaults = useMemo(
    () => ({ name: nextTierName(list), percentage: DEFAULT_PERCENTAGE, color: nextTierColor(list, palette) }),
    [list, palette],
  );

  // The feature went off meanwhile: the manager is not shown (settings has no activation card).
  if (isFeatureOff(tiers.error)) return null;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title="Price Tiers"
        subheader="Customers on a tier pay the base price raised by its percentage; a customer's own price always wins."
        slotProps={{ title: { id: titleId, variant: 'h4', component: 'h2' } }}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ tier: null })}
            disabled={!tiers.data || !colors.data}
          >
            Add Tier
          </Button>
        }
        sx={{ alignItems: 'flex-start', '& .MuiCardHeader-action': { m: 0, ml: 2 } }}
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
        <TierBaseSetting />
        {tiers.isLoading ? (
          <Skeleton variant="rounded" height={96} />
        ) : tiers.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void tiers.refetch()}>
                Retry
              </Button>
            }
          >
            {toProblem(tiers.error)?.message || 'Error loading price tiers'}
          </Alert>
        ) : list.length === 0 ? (
          <Box
            role="status"
            sx={{
              p: 3,
              textAlign: 'center',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              borderStyle: 'dashed',
            }}
          >
            <Typography color="text.secondary">{PRICE_TIER_SCREEN_MESSAGES.empty}</Typography>
          </Box>
        ) : (
          <List
            aria-label="Price tiers"
            disablePadding
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {list.map((tier, index) => {
              const count = countOf(tier);
              return (
                <ListItem
                  key={tier.id}
                  divider={index < list.length - 1}
                  aria-label={tier.name}
                  secondaryAction={
                    tier.is_base_tier ? (
                      <Tooltip title={PRICE_TIER_SCREEN_MESSAGES.baseLocked}>
                        <LockOutlined fontSize="small" sx={{ color: 'text.disabled', mr: 1 }} aria-hidden />
                      </Tooltip>
                    ) : (
                      <Box sx={{ display: 'flex', gap: 0.5 }}>
                        <Tooltip title="Edit">
                          <IconButton aria-label={`Edit ${tier.name}`} onClick={() => setEditing({ tier })}>
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title="Remove">
                          <span>
                            <IconButton
                              aria-label={`Remove ${tier.name}`}
                              onClick={() => setRemoving(tier)}
                              disabled={list.length <= 1}
                            >
                              <DeleteOutlined fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </Box>
                    )
                  }
                  sx={{ pr: 12 }}
                >
                  <Box sx={{ mr: 2, display: 'flex' }}>
                    <TierSwatch hex={hexOf(tier.color)} size={18} />
                  </Box>
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Box component="span" sx={{ fontWeight: 600 }}>
                          {tier.name}
                        </Box>
                        {tier.is_base_tier && <Chip size="small" label="Base" />}
                      </Box>
                    }
                    secondary={`${percentLabel(tier)} · ${
                      count === undefined ? '…' : `${count} ${count === 1 ? 'customer' : 'customers'}`
                    }`}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>

      {editing && (
        <TierDialog
          key={editing.tier?.id ?? 'new'}
          tier={editing.tier}
          defaults={defaults}
          colors={palette}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <RemoveTierDialog
          tier={removing}
          tiers={list}
          customers={countOf(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </Card>
  );
}

/**
 * The price tier manager of company settings (as the client's specification asks): shown only while the
 * company has tiered_pricing on. The base tier stands for the list price: it can be neither edited nor removed.
 */
export function PriceTierManager() {
  const { active } = useFeature('tiered_pricing');
  return active ? <Manager /> : null;
}
