import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../shared/format';
import type { NumberingProofResponse } from './stamps.api';

const SHOWN = 200;
const STATE_LABEL = { issued: 'Issued', void: 'Void (keeps its number)' } as const;

/** The credit memos' CM- series of the proof's period: every number with its memo then, and any gap (never explained). */
export function CreditMemoNumbering({ memos }: { memos: NumberingProofResponse['creditMemos'] }) {
  const count = memos.numbers.length;
  const summary = `${count.toLocaleString()} credit memo ${count === 1 ? 'number' : 'numbers'} issued, ${
    memos.gaps.length === 0
      ? 'no gap'
      : `${memos.gaps.length} unexplained ${memos.gaps.length === 1 ? 'gap' : 'gaps'}`
  }.`;
  return (
    <Box component="section" aria-labelledby="credit-memo-numbering-title" sx={{ mt: 3 }}>
      <Typography id="credit-memo-numbering-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        Credit Memo Numbering
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {summary}
      </Typography>
      {memos.gaps.map((gap) => (
        <Alert key={gap.from} severity="warning" sx={{ mb: 1 }}>
          {gap.from === gap.to ? `Number CM-${gap.from}` : `Numbers CM-${gap.from}–CM-${gap.to}`}:{' '}
          {gap.explanation}
        </Alert>
      ))}
      <TableContainer
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label="Credit memo numbers (scrolls)"
      >
        <Table size="small" aria-label="Credit memo numbers issued" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>Issued On</TableCell>
              <TableCell>Invoice</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>State</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {count === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  No credit memo number issued in this period.
                </TableCell>
              </TableRow>
            )}
            {memos.numbers.slice(0, SHOWN).map((memo) => (
              <TableRow key={memo.creditMemoId}>
                <TableCell>{memo.number}</TableCell>
                <TableCell>{formatDate(`${memo.issuedOn}T12:00:00`)}</TableCell>
                <TableCell>#{memo.invoiceNumber}</TableCell>
                <TableCell>{memo.customer}</TableCell>
                <TableCell>{STATE_LABEL[memo.state]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {count > SHOWN && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {SHOWN} of {count.toLocaleString()} credit memos; the CSV lists them all.
        </Typography>
      )}
    </Box>
  );
}
