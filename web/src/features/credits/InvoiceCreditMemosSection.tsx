import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CREDIT_REASON_LABELS } from '#domain/credits/credit-memo.rules';
import { formatDate, formatMoney } from '../../shared/format';
import { GridCellLink } from '../../shared/grid/GridCellLink';
import type { Invoice } from '../invoices/invoices.api';
import { creditMemoPath } from './credit-form';
import { PHONE_ONLY, WIDE_ONLY } from '../../shared/ui/wide-only';

/** The invoice's credit memos (void ones struck through with their status), shown once it has one. */
export function InvoiceCreditMemosSection({ invoice }: { invoice: Invoice }) {
  const titleId = useId();
  const memos = invoice.credit_memos ?? [];
  if (memos.length === 0) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1 }}>
          Credit memos
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Credited {formatMoney(invoice.credited)} of {formatMoney(invoice.total)}; a void memo no longer
          counts.
        </Typography>
        <TableContainer tabIndex={0} role="region" aria-label="Credit memos, scrollable">
          <Table size="small" aria-label="Credit memos of the invoice">
            <TableHead>
              <TableRow>
                <TableCell>Memo</TableCell>
                <TableCell sx={WIDE_ONLY}>Date</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell sx={WIDE_ONLY}>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {memos.map((memo) => (
                <TableRow key={memo.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <GridCellLink to={creditMemoPath(memo.id)}>{memo.number}</GridCellLink>
                    {memo.status === 'void' && (
                      <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                        Void
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                    {formatDate(memo.issued_on)}
                  </TableCell>
                  <TableCell>{CREDIT_REASON_LABELS[memo.reason] ?? memo.reason}</TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      textDecoration: memo.status === 'void' ? 'line-through' : undefined,
                    }}
                  >
                    {formatMoney(memo.total)}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={memo.status === 'void' ? 'default' : 'success'}
                      label={memo.status === 'void' ? 'Void' : 'Issued'}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
