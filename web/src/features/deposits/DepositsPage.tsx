import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DISHONOURED_CHECK_NOTE } from '#domain/invoices/check-deposits';
import { formatDate, formatMoney } from '../../shared/format';
import { GridCellLink } from '../../shared/grid/GridCellLink';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { invoicePath } from '../invoices/view/invoice-display';
import {
  useDepositsQuery,
  useMarkDepositedMutation,
  useMarkDishonouredMutation,
  type DepositCheckRow,
} from './deposits.api';
import { RetryAlert } from '../../shared/ui/RetryAlert';

const label = (check: DepositCheckRow) =>
  `${check.reference ? `check ${check.reference}` : 'check'} of ${formatMoney(check.amount)} on invoice #${check.invoice_number}`;

function DepositBy({ check }: { check: DepositCheckRow }) {
  return (
    <>
      {formatDate(check.deposit_by)}{' '}
      {check.overdue ? (
        <Chip size="small" color="error" variant="outlined" label="Overdue" />
      ) : (
        <Chip size="small" variant="outlined" label={check.beer ? 'Beer' : 'Liquor'} />
      )}
    </>
  );
}

/** /deposits — every check taken at delivery and not deposited yet, with the day the law wants it in the bank. */
export default function DepositsPage() {
  const { data, isLoading, isError, refetch } = useDepositsQuery();
  const [deposit, deposited] = useMarkDepositedMutation();
  const [dishonour, dishonoured] = useMarkDishonouredMutation();
  const [asking, setAsking] = useState<DepositCheckRow | null>(null);
  const [note, setNote] = useState('');

  const markDeposited = async (check: DepositCheckRow) => {
    try {
      await deposit({ invoiceId: check.invoice_id, paymentId: check.payment_id }).unwrap();
      toast.success(`Deposited: ${label(check)}.`);
    } catch (error) {
      toast.error(problemMessages(toProblem(error), 'Could not mark the check deposited.').join(' '));
    }
  };
  const confirmDishonoured = async () => {
    if (!asking) return;
    try {
      await dishonour({ invoiceId: asking.invoice_id, paymentId: asking.payment_id, note }).unwrap();
      toast.success(`Dishonoured: ${label(asking)}. Report it to TABC.`);
      setAsking(null);
      setNote('');
    } catch (error) {
      toast.error(problemMessages(toProblem(error), 'Could not mark the check dishonoured.').join(' '));
    }
  };

  const actionsOf = (check: DepositCheckRow) => (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={deposited.isLoading}
        onClick={() => void markDeposited(check)}
        aria-label={`Mark deposited: ${label(check)}`}
      >
        Mark Deposited
      </Button>{' '}
      <Button
        size="small"
        color="error"
        onClick={() => setAsking(check)}
        aria-label={`Mark dishonoured: ${label(check)}`}
      >
        Mark Dishonoured
      </Button>
    </>
  );

  const checks = data?.checks ?? [];
  const overdue = checks.filter((check) => check.overdue).length;
  return (
    <Box>
      <PageHeader
        title="Deposits"
        subtitle="Checks taken at delivery and not deposited yet. Beer: within 2 days; liquor and wine: within 5 business days (Sundays and holidays not counted)."
      />
      {isError && (
        <RetryAlert onRetry={() => void refetch()} small sx={{ mb: 2 }}>
          The checks could not be loaded.
        </RetryAlert>
      )}
      {overdue > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {overdue === 1 ? '1 check is' : `${overdue} checks are`} past the day it must be deposited.
        </Alert>
      )}
      <Card>
        <CardContent>
          {isLoading ? (
            <Typography color="text.secondary" role="status">
              Loading checks…
            </Typography>
          ) : checks.length === 0 && !isError ? (
            <Typography color="text.secondary">No checks waiting to be deposited.</Typography>
          ) : (
            <>
              <Box
                component="ul"
                aria-label="Checks to deposit"
                sx={{ display: { xs: 'grid', md: 'none' }, gap: 1.5, m: 0, p: 0, listStyle: 'none' }}
              >
                {checks.map((check) => (
                  <Box
                    component="li"
                    key={check.payment_id}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                  >
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <GridCellLink to={invoicePath(check.invoice_number)}>
                        #{check.invoice_number}
                      </GridCellLink>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {formatMoney(check.amount)}
                      </Typography>
                    </Box>
                    <Typography variant="body2">{check.customer}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Check {check.reference ?? '—'} · received {formatDate(check.received_at)}
                    </Typography>
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      Deposit by <DepositBy check={check} />
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>{actionsOf(check)}</Box>
                  </Box>
                ))}
              </Box>
              <TableContainer
                tabIndex={0}
                role="region"
                aria-label="Checks to deposit, scrollable"
                sx={{ display: { xs: 'none', md: 'block' } }}
              >
                <Table size="small" aria-label="Checks to deposit">
                  <TableHead>
                    <TableRow>
                      <TableCell>Invoice</TableCell>
                      <TableCell>Customer</TableCell>
                      <TableCell>Check</TableCell>
                      <TableCell align="right">Amount</TableCell>
                      <TableCell>Received</TableCell>
                      <TableCell>Deposit by</TableCell>
                      <TableCell align="right">Actions</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {checks.map((check) => (
                      <TableRow key={check.payment_id} hover>
                        <TableCell>
                          <GridCellLink to={invoicePath(check.invoice_number)}>
                            #{check.invoice_number}
                          </GridCellLink>
                        </TableCell>
                        <TableCell sx={{ minWidth: 140 }}>{check.customer}</TableCell>
                        <TableCell>{check.reference ?? '—'}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatMoney(check.amount)}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(check.received_at)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <DepositBy check={check} />
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {actionsOf(check)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={asking !== null}
        title="Mark this check dishonoured?"
        confirmLabel="Mark Dishonoured"
        destructive
        busy={dishonoured.isLoading}
        onConfirm={() => void confirmDishonoured()}
        onClose={() => setAsking(null)}
      >
        {asking && (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              The {label(asking)} no longer pays it: the invoice owes its amount again.
            </Typography>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {DISHONOURED_CHECK_NOTE}
            </Alert>
            <TextField
              label="Note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </>
        )}
      </ConfirmDialog>
    </Box>
  );
}
