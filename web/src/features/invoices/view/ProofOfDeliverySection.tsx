import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { CREDIT_REASON_LABELS } from '#domain/credits/credit-memo.rules';
import { DELIVERY_MEANS_LABELS } from '#domain/invoices/invoice-delivered.rules';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { GridCellLink } from '../../../shared/grid/GridCellLink';
import { creditMemoPath } from '../../credits/credit-form';
import { useLogoImage } from '../../settings/use-logo-image';
import type { Invoice } from '../invoices.api';

const OUTCOMES = {
  delivered: { label: 'Delivered', color: 'success' },
  partially_delivered: { label: 'Partly delivered', color: 'warning' },
  refused: { label: 'Refused', color: 'error' },
} as const;

const METHODS: Readonly<Record<string, string>> = {
  cash: 'Cash',
  check: 'Check',
  money_order: 'Money order',
};

/** An image served with the signed-in user's token (signature, photo); a note when it cannot be read. */
function DeliveryImage({
  path,
  alt,
  width,
  height,
}: {
  path: string;
  alt: string;
  width: number;
  height: number;
}) {
  const image = useLogoImage(path);
  if (image.status === 'failed')
    return (
      <Typography variant="body2" color="text.secondary">
        The image could not be loaded.
      </Typography>
    );
  if (image.status !== 'ready') return <Box sx={{ width, maxWidth: '100%', height }} aria-hidden />;
  return (
    <Box
      component="img"
      src={image.url}
      alt={alt}
      sx={{
        display: 'block',
        width,
        maxWidth: '100%',
        height,
        objectFit: 'contain',
        bgcolor: '#fff',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    />
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The proof of delivery, once the invoice was delivered: the retailer's signature and name, when and by whom, the
 * photo, the means (and carrier), what came back (its credit memos) and what was collected at the door.
 */
export function ProofOfDeliverySection({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  const delivery = invoice.delivery;
  if (!delivery) return null;
  const outcome = OUTCOMES[delivery.outcome];
  const memos = (invoice.credit_memos ?? []).filter((memo) => delivery.credit_memo_ids.includes(memo.id));
  const collected = invoice.payments.filter((payment) => delivery.payment_ids.includes(payment.id));
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            Proof of Delivery
          </Typography>
          <Chip size="small" variant="outlined" color={outcome.color} label={outcome.label} />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box>
            <DeliveryImage
              path={delivery.signature_url}
              alt={`Signature of ${delivery.signer_name}`}
              width={300}
              height={100}
            />
            <Typography variant="body2" sx={{ mt: 0.75 }}>
              Signed by <strong>{delivery.signer_name}</strong>
            </Typography>
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.25, gridTemplateColumns: '1fr 1fr' }}>
            <Fact label="Delivered">{formatDateTime(delivery.delivered_at)}</Fact>
            <Fact label="Delivered by">{delivery.delivered_by.name}</Fact>
            <Fact label="Means of delivery">{DELIVERY_MEANS_LABELS[delivery.means]}</Fact>
            {delivery.carrier ? (
              <Fact label="Carrier">
                {delivery.carrier.name} · permit {delivery.carrier.permit}
              </Fact>
            ) : (
              <Fact label="Purchase date">{formatDate(delivery.delivered_on)}</Fact>
            )}
          </Box>
        </Box>
        {delivery.photo_url && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              Photo at the stop
            </Typography>
            <DeliveryImage path={delivery.photo_url} alt="Photo taken at the stop" width={160} height={120} />
          </Box>
        )}
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              What came back
            </Typography>
            {memos.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nothing: every line stayed with the customer.
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {memos.map((memo) => (
                  <li key={memo.id}>
                    <Typography variant="body2">
                      <GridCellLink to={creditMemoPath(memo.id)}>{memo.number}</GridCellLink>{' '}
                      {CREDIT_REASON_LABELS[memo.reason] ?? memo.reason} · {formatMoney(memo.total)}
                      {memo.status === 'void' ? ' (void)' : ''}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              Collected
            </Typography>
            {collected.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                Nothing was collected at the door.
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {collected.map((payment) => (
                  <li key={payment.id}>
                    <Typography variant="body2">
                      {METHODS[payment.method ?? ''] ?? 'Payment'}
                      {payment.reference ? ` ${payment.reference}` : ''} · {formatMoney(payment.amount)}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          The due date counts from the delivery date ({formatDate(delivery.delivered_on)}).
        </Typography>
      </CardContent>
    </Card>
  );
}
