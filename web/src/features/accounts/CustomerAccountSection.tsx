import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { formatDate, formatMoney } from '../../shared/format';
import { useCustomerBalanceQuery } from '../payments/payments.api';
import { openInvoicesOf, PAYMENT_METHOD_LABELS } from './account-form';
import { RECENT_ENTRIES, useCustomerAccountQuery, type CustomerAccount } from './accounts.api';
import { ApplyCreditDialog } from './ApplyCreditDialog';
import { ReceivePaymentDialog } from './ReceivePaymentDialog';
import { RefundCreditDialog } from './RefundCreditDialog';
import { TakeBackToCreditDialog, type AccountShare } from './TakeBackToCreditDialog';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type Entry = CustomerAccount['entries'][number];

function describe(entry: Entry): string {
  const method = entry.method ? (PAYMENT_METHOD_LABELS[entry.method as never] ?? entry.method) : '';
  const by = [method, entry.reference].filter(Boolean).join(' ');
  switch (entry.kind) {
    case 'payment':
      return `Payment on account${by ? ` · ${by}` : ''}`;
    case 'application':
      return `Applied to invoice #${entry.invoice_number}${entry.taken_back ? ' · taken back' : entry.on_invoice ? '' : ' · invoice cancelled'}`;
    case 'refund':
      return `Refund${by ? ` · ${by}` : ''}`;
    case 'invoice_credit':
      return `Payments of cancelled invoice #${entry.invoice_number}`;
    case 'unapplication':
      return `Taken back to credit from #${entry.invoice_number}`;
  }
}

type Open = 'receive' | 'apply' | 'refund' | null;

/**
 * Payments on account on the customer's page: the net balance (what its invoices owe less its unapplied credit), the
 * credit, the latest entries (the owner takes an application's share back to credit from its row), and Receive
 * payment…, Apply credit…, Refund credit… (each its own dialog).
 */
export function CustomerAccountSection({ customerId }: { customerId: string }) {
  const headingId = useId();
  const { data: account } = useCustomerAccountQuery(customerId);
  const { data: balance } = useCustomerBalanceQuery(customerId);
  const [open, setOpen] = useState<Open>(null);
  const owner = useAppSelector((state) => state.session.user?.role === 'owner');
  const [takingBack, setTakingBack] = useState<AccountShare | null>(null);
  const invoices = useMemo(() => openInvoicesOf(balance), [balance]);
  const credit = account?.unapplied_credit ?? 0;
  const facts: [string, number][] = [
    ['Net balance', account?.balance ?? 0],
    ['Unapplied credit', credit],
  ];
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1.5 }}>
          Payments on account
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}
        >
          {facts.map(([label, amount]) => (
            <Box key={label} sx={{ p: 1.25, borderRadius: 1, border: '1px solid', borderColor: 'divider' }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                aria-label={`${label} ${formatMoney(amount)}`}
                sx={{ m: 0, fontWeight: 600, ...money }}
              >
                {formatMoney(amount)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Button variant="contained" size="small" onClick={() => setOpen('receive')}>
            Receive Payment…
          </Button>
          <Button variant="outlined" size="small" disabled={credit <= 0} onClick={() => setOpen('apply')}>
            Apply Credit…
          </Button>
          <Button variant="outlined" size="small" disabled={credit <= 0} onClick={() => setOpen('refund')}>
            Refund Credit…
          </Button>
        </Stack>
        {account && account.entries.length > 0 && (
          <Box component="ul" aria-label="Account entries" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0 }}>
            {account.entries.slice(0, RECENT_ENTRIES).map((entry) => (
              <Box
                component="li"
                key={`${entry.kind}-${entry.id}`}
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 1,
                  py: 0.5,
                  borderTop: '1px solid',
                  borderColor: 'divider',
                }}
              >
                <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {describe(entry)}
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                  >
                    {formatDate(entry.date)}
                  </Typography>
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                  <Typography variant="body2" sx={money}>
                    {entry.kind === 'refund' ? '−' : ''}
                    {formatMoney(entry.amount)}
                  </Typography>
                  {owner && entry.kind === 'application' && entry.on_invoice && entry.invoice_id && (
                    <Tooltip title="Take back to credit">
                      <IconButton
                        size="small"
                        sx={{ mt: -0.5 }}
                        aria-label={`Take back to credit the ${formatMoney(entry.amount)} applied to invoice #${entry.invoice_number}`}
                        onClick={() =>
                          setTakingBack({
                            customerId,
                            invoiceId: entry.invoice_id!,
                            invoiceNumber: entry.invoice_number,
                            paymentId: entry.id,
                            amount: entry.amount,
                          })
                        }
                      >
                        <UndoOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      {open === 'receive' && (
        <ReceivePaymentDialog customerId={customerId} invoices={invoices} onClose={() => setOpen(null)} />
      )}
      {open === 'apply' && (
        <ApplyCreditDialog
          customerId={customerId}
          credit={credit}
          invoices={invoices}
          onClose={() => setOpen(null)}
        />
      )}
      {takingBack && <TakeBackToCreditDialog share={takingBack} onClose={() => setTakingBack(null)} />}
      {open === 'refund' && (
        <RefundCreditDialog customerId={customerId} credit={credit} onClose={() => setOpen(null)} />
      )}
    </Card>
  );
}
