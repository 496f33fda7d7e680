import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PhoneIcon from '@mui/icons-material/Phone';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type {
  CollectedMethod,
  DeliverInvoiceBody,
  DeliveryAdjustmentBody,
  DeliveryAdjustmentReason,
  DriverStop,
} from '#domain/contracts/route.contract';
import { PAYMENT_METHOD_LABELS } from '#domain/accounts/customer-account.events';
import { formatMoney, toAmount } from '../../shared/format';
import {
  collectsOnDelivery,
  dayWithLocal,
  dueAfterAdjustments,
  outcomeOfDelivery,
  whyNotClosable,
} from './outbox';
import { photoJpeg } from './proof-images';
import { SignatureField } from './SignatureField';
import { stopColor, stopStatusText } from './stop-labels';
import { useDevice } from './use-device';

const REASONS: { value: DeliveryAdjustmentReason; label: string }[] = [
  { value: 'short', label: 'Short' },
  { value: 'refused', label: 'Refused' },
  { value: 'damaged', label: 'Broken' },
];

/** How a driver takes money at a stop, named as everywhere else in the app. */
const METHODS: CollectedMethod[] = ['cash', 'check', 'money_order'];

interface LineAdjustment {
  quantity: string;
  reason: DeliveryAdjustmentReason;
}

/** One stop: its lines, what came back, the signature, the money and the photo; or skip it with a note. */
export function StopPage() {
  const { stopId } = useParams();
  const { device, day, local } = useDevice();
  const shown = day ? dayWithLocal(day, local) : null;
  const route = shown?.routes.find((r) => r.stop_list.some((s) => s.id === stopId));
  const stop = route?.stop_list.find((s) => s.id === stopId);

  if (!route || !stop) {
    return (
      <Stack spacing={2}>
        <BackLink />
        <Alert severity="warning">This stop is not on the downloaded route.</Alert>
      </Stack>
    );
  }
  const stopLocal = local.stops[stop.id];
  const attention = stopLocal?.state === 'attention';
  // a stop the office changed is not delivered again from the old download; one the server refused for another reason
  // (money not collected, say) is closed again with that put right
  const open = (stop.status === 'planned' || attention) && !stopLocal?.conflict;

  return (
    <Stack spacing={2}>
      <BackLink />
      <Box>
        <Typography variant="overline" component="p">
          Stop {stop.position} of {route.stop_list.length}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {stop.customer}
        </Typography>
        <Typography color="text.secondary">{stop.address}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
          <Chip label={stopStatusText(stop, stopLocal)} color={stopColor(stop, stopLocal)} />
          {collectsOnDelivery(stop) && (
            <Chip variant="outlined" color="secondary" label="Collect on delivery" />
          )}
          <Typography>
            {stop.invoice_number ? `Invoice #${stop.invoice_number}` : 'Order not invoiced'} ·{' '}
            <strong>{formatMoney(stop.amount_due)} due</strong>
          </Typography>
        </Box>
      </Box>
      {stopLocal?.state === 'attention' && (
        <Alert severity="error" role="alert">
          <strong>Not accepted by the office:</strong> {stopLocal.message}
          {stopLocal.conflict && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Download the route again to see this stop as it is now, or call the office.
            </Typography>
          )}
        </Alert>
      )}
      {stop.phone && (
        <Button
          component="a"
          href={`tel:${stop.phone}`}
          variant="outlined"
          size="large"
          startIcon={<PhoneIcon />}
          sx={{ minHeight: 48, alignSelf: 'flex-start' }}
        >
          Call {stop.phone}
        </Button>
      )}
      {stop.customer_notes && (
        <Alert severity="info">
          <strong>Customer notes:</strong> {stop.customer_notes}
        </Alert>
      )}
      {stop.note && !open && <Alert severity="info">Note: {stop.note}</Alert>}
      {open ? (
        <CloseStopForm
          key={stop.id}
          stop={stop}
          routeId={route.id}
          onDeliver={async (body, adjustments, collected) => {
            await device.act(
              'deliver',
              { route_id: route.id, stop_id: stop.id, url: `invoice/${stop.invoice_id}/delivery` },
              body,
              {
                status: outcomeOfDelivery(stop, adjustments),
                collected,
                at: body.delivered_at,
                note: body.note ?? null,
              },
            );
          }}
          onSkip={async (note, at) => {
            await device.act(
              'skip',
              { route_id: route.id, stop_id: stop.id, url: `route/${route.id}/stop/${stop.id}/skip` },
              { note, skipped_at: at },
              { status: 'skipped', collected: 0, at, note },
            );
          }}
        />
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              Lines
            </Typography>
            <LineList stop={stop} />
            {stop.collected > 0 && (
              <Typography sx={{ mt: 1 }}>Collected {formatMoney(stop.collected)}</Typography>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

function BackLink() {
  return (
    <Button
      component={RouterLink}
      to="/driver"
      startIcon={<ArrowBackIcon />}
      size="large"
      sx={{ alignSelf: 'flex-start', minHeight: 48 }}
    >
      All stops
    </Button>
  );
}

function LineList({ stop }: { stop: DriverStop }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {stop.lines.map((line) => (
        <Box
          component="li"
          key={line.line_id}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            py: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <span>
            {line.product}
            {line.is_beer && ' (beer)'}
          </span>
          <strong>× {line.quantity}</strong>
        </Box>
      ))}
    </Box>
  );
}

interface CloseStopFormProps {
  stop: DriverStop;
  routeId: string;
  onDeliver: (
    body: DeliverInvoiceBody,
    adjustments: DeliveryAdjustmentBody[],
    collected: number,
  ) => Promise<void>;
  onSkip: (note: string, at: string) => Promise<void>;
}

function CloseStopForm({ stop, routeId, onDeliver, onSkip }: CloseStopFormProps) {
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState<Record<string, LineAdjustment>>({});
  const [signerName, setSignerName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [method, setMethod] = useState<CollectedMethod>('cash');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [skipOpen, setSkipOpen] = useState(false);
  const [skipNote, setSkipNote] = useState('');
  const [saving, setSaving] = useState(false);

  const adjustments: DeliveryAdjustmentBody[] = Object.entries(adjusting)
    // no more back than the line carried, in the line's own units (a six-pack line counts packs)
    .map(([line_id, a]) => ({
      line_id,
      reason: a.reason,
      quantity: Math.min(
        Math.floor(Number(a.quantity)),
        stop.lines.find((line) => line.line_id === line_id)?.quantity ?? 0,
      ),
    }))
    .filter((a) => Number.isFinite(a.quantity) && a.quantity > 0);
  const due = dueAfterAdjustments(stop, adjustments);
  const collected = Number(amount) > 0 ? Math.round(Number(amount) * 100) / 100 : 0;
  const missingReference = collected > 0 && method !== 'cash' && !reference.trim();
  const blocked = whyNotClosable(stop, {
    adjustments,
    collected,
    signed: Boolean(signature),
    signerName,
    missingReference,
  });
  const canDeliver = Boolean(stop.invoice_id);
  const cod = collectsOnDelivery(stop);

  const deliver = async () => {
    if (blocked || !signature) return;
    setSaving(true);
    const payments =
      collected > 0
        ? [
            {
              method,
              amount: toAmount(collected),
              ...(method !== 'cash' ? { reference: reference.trim() } : {}),
            },
          ]
        : [];
    const body: DeliverInvoiceBody = {
      delivered_at: new Date().toISOString(),
      signer_name: signerName.trim(),
      signature,
      photo,
      means: 'own_vehicle',
      route_id: routeId,
      stop_id: stop.id,
      invoice_version: stop.invoice_version,
      adjustments,
      payments,
      note: null,
    };
    await onDeliver(body, adjustments, collected);
    setSaving(false);
    navigate('/driver');
  };

  const skip = async () => {
    if (!skipNote.trim()) return;
    setSaving(true);
    await onSkip(skipNote.trim(), new Date().toISOString());
    setSaving(false);
    setSkipOpen(false);
    navigate('/driver');
  };

  return (
    <>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Lines
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {stop.lines.map((line) => {
              const adjustment = adjusting[line.line_id];
              return (
                <Box
                  component="li"
                  key={line.line_id}
                  sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography sx={{ flex: 1 }}>
                      {line.product}
                      {line.is_beer && ' (beer)'}
                    </Typography>
                    <Typography sx={{ fontWeight: 700 }}>× {line.quantity}</Typography>
                    <Button
                      size="large"
                      aria-expanded={Boolean(adjustment)}
                      aria-label={`${adjustment ? 'Keep all' : 'Adjust'} ${line.product}`}
                      onClick={() =>
                        setAdjusting((current) => {
                          const next = { ...current };
                          if (next[line.line_id]) delete next[line.line_id];
                          else next[line.line_id] = { quantity: '1', reason: 'short' };
                          return next;
                        })
                      }
                    >
                      {adjustment ? 'Keep all' : 'Adjust'}
                    </Button>
                  </Box>
                  {adjustment && (
                    <Box
                      role="group"
                      aria-label={`What came back of ${line.product}`}
                      sx={{ display: 'flex', gap: 1, mt: 1 }}
                    >
                      <TextField
                        select
                        label="Reason"
                        value={adjustment.reason}
                        onChange={(event) =>
                          setAdjusting((current) => ({
                            ...current,
                            [line.line_id]: {
                              ...adjustment,
                              reason: event.target.value as DeliveryAdjustmentReason,
                            },
                          }))
                        }
                        sx={{ flex: 1 }}
                      >
                        {REASONS.map((reason) => (
                          <MenuItem key={reason.value} value={reason.value}>
                            {reason.label}
                          </MenuItem>
                        ))}
                      </TextField>
                      <TextField
                        label="Quantity back"
                        helperText={`of ${line.quantity}`}
                        type="number"
                        value={adjustment.quantity}
                        slotProps={{ htmlInput: { min: 1, max: line.quantity, inputMode: 'numeric' } }}
                        onChange={(event) =>
                          setAdjusting((current) => ({
                            ...current,
                            [line.line_id]: { ...adjustment, quantity: event.target.value },
                          }))
                        }
                        sx={{ width: 140 }}
                      />
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        </CardContent>
      </Card>

      {canDeliver ? (
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {due > 0 ? `Collect ${formatMoney(due)}` : 'Nothing to collect'}
              </Typography>
              {cod && due > 0 && (
                <Typography color="text.secondary">
                  Collect on delivery: the stop closes once {formatMoney(due)} is taken.
                </Typography>
              )}
              {due > 0 && (
                <>
                  <TextField
                    select
                    label="Payment method"
                    value={method}
                    onChange={(event) => setMethod(event.target.value as CollectedMethod)}
                  >
                    {METHODS.map((value) => (
                      <MenuItem key={value} value={value}>
                        {PAYMENT_METHOD_LABELS[value]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    label="Amount collected"
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    helperText={cod ? undefined : 'Leave empty when nothing is paid now.'}
                  />
                  {method !== 'cash' && (
                    <TextField
                      label={method === 'check' ? 'Check number' : 'Money order number'}
                      value={reference}
                      onChange={(event) => setReference(event.target.value)}
                    />
                  )}
                </>
              )}
              <TextField
                label="Signer's printed name"
                value={signerName}
                onChange={(event) => setSignerName(event.target.value)}
                autoComplete="off"
              />
              <SignatureField onChange={setSignature} />
              <Box>
                <Button
                  component="label"
                  variant="outlined"
                  size="large"
                  startIcon={<PhotoCameraIcon />}
                  sx={{ minHeight: 48 }}
                >
                  {photo ? 'Retake photo' : 'Add a photo (optional)'}
                  <input
                    hidden
                    type="file"
                    accept="image/*"
                    capture="environment"
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      if (!file) return;
                      setPhotoError(null);
                      photoJpeg(file).then(setPhoto, () =>
                        setPhotoError('That photo could not be read. Take it again.'),
                      );
                    }}
                  />
                </Button>
                {photo && (
                  <Box
                    component="img"
                    src={photo}
                    alt="Delivery photo"
                    sx={{ display: 'block', mt: 1, maxWidth: 200, borderRadius: 1 }}
                  />
                )}
                {photoError && <Alert severity="error">{photoError}</Alert>}
              </Box>
              <Button
                variant="contained"
                size="large"
                disabled={Boolean(blocked) || saving}
                aria-describedby="close-stop-why"
                onClick={() => void deliver()}
                sx={{ minHeight: 56, fontSize: '1.1rem' }}
              >
                {adjustments.length ? 'Deliver with changes' : 'Deliver All'}
              </Button>
              {blocked && (
                <Typography id="close-stop-why" color="warning.dark" sx={{ fontWeight: 600 }}>
                  {blocked}
                </Typography>
              )}
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <Alert severity="warning">
          This order is not invoiced yet: the office must invoice it before delivery.
        </Alert>
      )}
      <Button
        variant="outlined"
        color="warning"
        size="large"
        onClick={() => setSkipOpen(true)}
        sx={{ minHeight: 56 }}
      >
        Skip Stop
      </Button>
      <Dialog open={skipOpen} onClose={() => setSkipOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Skip this stop?</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            Say why, for the office: the stop stays on the invoice to deliver later.
          </Typography>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Why the stop is skipped"
            value={skipNote}
            onChange={(event) => setSkipNote(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button size="large" onClick={() => setSkipOpen(false)}>
            Cancel
          </Button>
          <Button
            size="large"
            variant="contained"
            color="warning"
            disabled={!skipNote.trim() || saving}
            onClick={() => void skip()}
          >
            Skip Stop
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
