import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { creditsLines } from '#domain/credits/credit-memo.rules';
import type { CreditReason } from '#domain/credits/credit-memo.events';
import { formatMoney } from '../../shared/format';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import type { Invoice } from '../invoices/invoices.api';
import {
  creditableLines,
  creditMemoPath,
  creditProblems,
  creditTotal,
  reasonOptions,
  toCreditBody,
  type CreditValues,
} from './credit-form';
import { useIssueCreditMemoMutation } from './credits.api';
import { PHONE_ONLY, WIDE_ONLY } from '../../shared/ui/wide-only';

/** One key per dialog: a retried or double-clicked confirm issues one memo. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * "Credit items…" on an invoice, mounted while open: the invoice's lines with the quantity to credit (0 by
 * default, at most what is left of each), the reason the law allows, a note, and the credit's total. A pricing
 * error or other credit is an amount instead of lines. Issue Credit Memo sends it; the memo's page opens.
 */
export function CreditItemsDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lines = useMemo(() => creditableLines(invoice), [invoice]);
  const reasons = useMemo(() => reasonOptions(invoice), [invoice]);
  const [values, setValues] = useState<CreditValues>({
    reason: 'delivered_damaged',
    note: '',
    qty: {},
    amount: '',
  });
  const [problem, setProblem] = useState<string[]>([]);
  const [issue, { isLoading: busy }] = useIssueCreditMemoMutation();
  const idempotencyKey = useRef(newIdempotencyKey());
  const goods = creditsLines(values.reason);
  const total = creditTotal(values, lines, invoice.tax_rate);

  const set = (change: Partial<CreditValues>) => {
    setValues((before) => ({ ...before, ...change }));
    setProblem([]);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = creditProblems(values, lines);
    if (problems.length > 0) {
      setProblem(problems);
      return;
    }
    try {
      const memo = await issue({
        body: toCreditBody(invoice.id, values, lines),
        idempotencyKey: idempotencyKey.current,
      }).unwrap();
      toast.success(
        `Credit memo ${memo.number} issued: ${formatMoney(memo.total)} on invoice #${invoice.number}.`,
      );
      onClose();
      navigate(creditMemoPath(memo.id));
    } catch (error) {
      setProblem(problemMessages(toProblem(error), 'The credit memo could not be issued.'));
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      {/* no box of its own: the dialog's content scrolls between its title and its actions, which stay in view */}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={titleId}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id={titleId}>Credit items of invoice #{invoice.number}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {invoice.customer.name} · total {formatMoney(invoice.total)}
              {invoice.credited > 0 && <> · credited already {formatMoney(invoice.credited)}</>}. Only goods
              delivered damaged, short or in error, a pricing error, or beer swapped for freshness may be
              credited; nothing damaged at the retailer.
            </Typography>
            {problem.length > 0 && <ProblemAlert title="The credit memo was not issued" messages={problem} />}
            <TextField
              select
              label="Reason"
              value={values.reason}
              onChange={(event) => set({ reason: event.target.value as CreditReason })}
              required
              sx={{ maxWidth: { sm: 360 } }}
            >
              {reasons.map((reason) => (
                <MenuItem key={reason.value} value={reason.value}>
                  {reason.label}
                </MenuItem>
              ))}
            </TextField>
            {goods ? (
              <Box
                sx={{ overflowX: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label="Lines to credit, scrollable"
              >
                <Table size="small" aria-label="Lines to credit">
                  <TableHead>
                    <TableRow>
                      <TableCell>Item</TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        Price
                      </TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        Can credit
                      </TableCell>
                      <TableCell align="right" sx={{ width: 110 }}>
                        Qty to credit
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lines.map((line) => (
                      <TableRow key={line.lineNo}>
                        <TableCell>
                          {line.name}
                          <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                            {formatMoney(line.price)} · can credit {line.left}
                          </Typography>
                        </TableCell>
                        <TableCell align="right" sx={{ ...WIDE_ONLY, fontVariantNumeric: 'tabular-nums' }}>
                          {formatMoney(line.price)}
                        </TableCell>
                        <TableCell align="right" sx={WIDE_ONLY}>
                          {line.left}
                        </TableCell>
                        <TableCell align="right">
                          <TextField
                            size="small"
                            type="number"
                            value={values.qty[line.lineNo] ?? '0'}
                            disabled={line.left === 0}
                            error={Number(values.qty[line.lineNo] ?? 0) > line.left}
                            helperText={
                              Number(values.qty[line.lineNo] ?? 0) > line.left
                                ? `At most ${line.left}`
                                : undefined
                            }
                            onChange={(event) =>
                              set({ qty: { ...values.qty, [line.lineNo]: event.target.value } })
                            }
                            slotProps={{
                              htmlInput: {
                                min: 0,
                                max: line.left,
                                step: 1,
                                inputMode: 'numeric',
                                'aria-label': `Qty to credit of ${line.name}`,
                              },
                            }}
                            sx={{ width: 96 }}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            ) : (
              <TextField
                label="Amount"
                required
                value={values.amount}
                onChange={(event) => set({ amount: event.target.value })}
                sx={{ maxWidth: { sm: 240 } }}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                }}
              />
            )}
            <TextField
              label="Note"
              value={values.note}
              required={values.reason === 'other'}
              onChange={(event) => set({ note: event.target.value })}
              helperText={values.reason === 'other' ? 'Required: say what the credit is for.' : 'Optional'}
              multiline
              minRows={2}
              maxRows={6}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <Alert severity="info" variant="outlined" icon={false} role="status" aria-live="polite">
              Credit total: <strong>{formatMoney(total)}</strong>
              {goods && ' (with tax on taxable lines)'}
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={total <= 0}>
            Issue Credit Memo
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
