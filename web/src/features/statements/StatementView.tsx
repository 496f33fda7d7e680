import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { creditMemoPath } from '../credits/credit-form';
import { invoicePath } from '../invoices/view/invoice-display';
import type { Statement, StatementRow } from './statements.api';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const STATEMENT_MESSAGES = {
  empty: 'No invoices, payments or credits in this period.',
  forward: 'Balance brought forward',
} as const;

const AGING: [keyof Statement['aging'], string][] = [
  ['current', 'Current'],
  ['days_1_30', '1–30 days'],
  ['days_31_60', '31–60 days'],
  ['days_61_90', '61–90 days'],
  ['days_over_90', '90+ days'],
];

/** A small labelled figure of a `dl`. */
function Figure({ label, value, late = false }: { label: string; value: string; late?: boolean }) {
  return (
    <Box
      sx={{
        p: 1.25,
        borderRadius: 1,
        border: '1px solid',
        borderColor: late ? 'warning.light' : 'divider',
        bgcolor: late ? '#fff6e5' : 'background.default',
        minWidth: 0,
      }}
    >
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 600, color: late ? 'warning.dark' : 'text.primary', ...money }}
      >
        {value}
      </Typography>
    </Box>
  );
}

const grid = (columns: number) =>
  ({
    m: 0,
    display: 'grid',
    gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${columns}, minmax(0, 1fr))` },
    gap: 1,
  }) as const;

/**
 * An invoice's or payment's invoice number (#1042), or a credit memo's own (CM-1001), linked to its page; a payment
 * on account's or a refund's own reference (Check 1042) as plain text.
 */
function Reference({ row, linked }: { row: StatementRow; linked: boolean }) {
  if (row.kind === 'account_payment' || row.kind === 'refund') return <>{row.reference}</>;
  const memo = row.kind === 'credit_memo' || row.kind === 'credit_memo_void';
  const text = memo ? row.reference : `#${row.reference}`;
  if (!linked) return <>{text}</>;
  return (
    <Link
      component={RouterLink}
      to={memo ? creditMemoPath(row.id) : invoicePath(row.reference)}
      underline="hover"
    >
      {text}
    </Link>
  );
}

/** Phone: one card per document, the amount and the balance after it on the right. */
function RowCards({ statement, linked }: { statement: Statement; linked: boolean }) {
  const items = [
    {
      key: 'forward',
      date: statement.period.from,
      title: STATEMENT_MESSAGES.forward,
      amount: '',
      balance: statement.opening_balance,
      row: null,
    },
    ...statement.rows.map((row) => ({
      key: `${row.kind}-${row.id}`,
      date: row.date,
      title: row.description,
      amount: row.charge
        ? `+${formatMoney(row.charge)}`
        : row.credit
          ? `−${formatMoney(row.credit)}`
          : formatMoney(0),
      balance: row.balance,
      row,
    })),
  ];
  return (
    <Box component="ul" aria-label="Statement rows" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.key}
          sx={{ py: 1.25, borderBottom: '1px solid', borderColor: 'divider', display: 'flex', gap: 1.5 }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {item.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDate(item.date)}
              {item.row ? (
                <>
                  {' · '}
                  <Reference row={item.row} linked={linked} />
                </>
              ) : null}
              {item.row?.due_on ? ` · due ${formatDate(item.row.due_on)}` : ''}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" sx={money}>
              {item.amount}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={money}>
              Balance {formatMoney(item.balance)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Wider screens: the statement's table, the balance brought forward first. */
function RowTable({ statement, linked }: { statement: Statement; linked: boolean }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Statement rows">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Charge</TableCell>
            <TableCell align="right">Credit</TableCell>
            <TableCell align="right">Balance</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(statement.period.from)}</TableCell>
            <TableCell />
            <TableCell sx={{ fontStyle: 'italic', minWidth: 150 }}>{STATEMENT_MESSAGES.forward}</TableCell>
            <TableCell />
            <TableCell />
            <TableCell align="right" sx={{ ...money, fontWeight: 600 }}>
              {formatMoney(statement.opening_balance)}
            </TableCell>
          </TableRow>
          {statement.rows.map((row) => (
            <TableRow key={`${row.kind}-${row.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</TableCell>
              {/* a long reference ('Check #5521') wraps, and the due date goes under the description: the table
                  fits the customer page's column at 1440 px, its balance last */}
              <TableCell sx={{ maxWidth: 120, overflowWrap: 'anywhere' }}>
                <Reference row={row} linked={linked} />
              </TableCell>
              <TableCell sx={{ minWidth: 150 }}>
                {row.description}
                {row.due_on && (
                  <Typography component="div" variant="caption" color="text.secondary">
                    Due {formatDate(row.due_on)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={money}>
                {row.charge ? formatMoney(row.charge) : ''}
              </TableCell>
              <TableCell align="right" sx={money}>
                {row.credit ? formatMoney(row.credit) : ''}
              </TableCell>
              <TableCell align="right" sx={{ ...money, fontWeight: 600 }}>
                {formatMoney(row.balance)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A statement: opening, charges, credits and closing; the documents with the balance after each (a table on wide
 * screens, cards on a phone); and the closing balance aged by days past due. `linked` links invoice numbers to the
 * invoice page (signed-in screens only).
 */
export function StatementView({ statement, linked = false }: { statement: Statement; linked?: boolean }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const unapplied = statement.aging.unapplied_credit;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box component="dl" aria-label="Statement totals" sx={grid(4)}>
        <Figure label="Opening balance" value={formatMoney(statement.opening_balance)} />
        <Figure label="Charges" value={formatMoney(statement.totals.charges)} />
        <Figure label="Credits" value={formatMoney(statement.totals.credits)} />
        <Figure label="Closing balance" value={formatMoney(statement.closing_balance)} />
      </Box>
      {statement.rows.length === 0 && (
        <Typography role="status" variant="body2" color="text.secondary">
          {STATEMENT_MESSAGES.empty}
        </Typography>
      )}
      {phone ? (
        <RowCards statement={statement} linked={linked} />
      ) : (
        <RowTable statement={statement} linked={linked} />
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Aging on {formatDate(statement.aging_on)}
        </Typography>
        <Box component="dl" aria-label="Statement aging" sx={grid(unapplied ? 6 : 5)}>
          {AGING.map(([key, label]) => (
            <Figure
              key={key}
              label={label}
              value={formatMoney(statement.aging[key])}
              late={key !== 'current' && statement.aging[key] > 0}
            />
          ))}
          {unapplied !== 0 && <Figure label="Unapplied credit" value={`−${formatMoney(unapplied)}`} />}
        </Box>
      </Box>
    </Box>
  );
}
