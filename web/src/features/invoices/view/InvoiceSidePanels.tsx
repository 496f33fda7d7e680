import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { Invoice } from '../invoices.api';
import { stampCount, stampRangeLabel, statusLabel, toneOf } from './invoice-display';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The invoice's stamp ranges with their counts, and the stamps it needs (one per liquor bottle). */
export function StampsPanel({ invoice }: { invoice: Invoice }) {
  const returned = invoice.stamps_returned;
  const enough = invoice.stamp_count + returned === invoice.stamps_needed;
  return (
    <Panel title="Stamps">
      {invoice.stamps.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {invoice.status === 'cancelled'
            ? 'No stamps: they were released when the invoice was cancelled.'
            : 'No stamps on this invoice.'}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Stamp ranges"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        >
          {invoice.stamps.map((range) => (
            <Box
              component="li"
              key={`${range.roll_id}-${range.from}`}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 1,
                px: 1.5,
                py: 1,
                borderRadius: 1,
                bgcolor: 'background.default',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                  {stampRangeLabel(range)}
                </Typography>
                {range.returned_bottles && (
                  <Typography variant="caption" color="text.secondary">
                    On returned bottles, sold again
                  </Typography>
                )}
              </Box>
              <Chip size="small" label={stampCount(range.count)} variant="outlined" />
            </Box>
          ))}
        </Box>
      )}
      {invoice.status !== 'cancelled' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5 }}>
          {enough ? (
            <CheckCircleOutline fontSize="small" color="success" aria-hidden />
          ) : (
            <ErrorOutline fontSize="small" color="warning" aria-hidden />
          )}
          <Typography variant="body2" color="text.secondary">
            Stamps needed: <strong>{invoice.stamps_needed}</strong> · assigned:{' '}
            <strong>{invoice.stamp_count}</strong>
            {returned > 0 && (
              <>
                {' '}
                · returned with credit memos: <strong>{returned}</strong>
              </>
            )}
          </Typography>
        </Box>
      )}
    </Panel>
  );
}

const REASONS: Readonly<Record<string, string>> = {
  created: 'invoice created',
  user: 'changed by hand',
  payments: 'from payments',
  delivery: 'delivered',
};

/** The client's specification: the status history with timestamps, newest first. */
export function StatusHistoryPanel({ invoice }: { invoice: Invoice }) {
  const entries = [...invoice.statusInfo].reverse();
  return (
    <Panel title="Status History">
      <Box component="ol" aria-label="Status history" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {entries.map((entry, index) => (
          <Box
            component="li"
            key={`${entry.created_at}-${index}`}
            sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: index === entries.length - 1 ? 0 : 2 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.5 }}>
              <Box
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: toneOf(entry.new_status).color,
                  boxShadow: `0 0 0 3px ${toneOf(entry.new_status).bg}`,
                }}
              />
              {index < entries.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.75 }} />}
            </Box>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.label || statusLabel(entry.new_status)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(entry.created_at)}
                {REASONS[entry.reason] ? ` · ${REASONS[entry.reason]}` : ''}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}

/** The company's internal note (never shown to the customer). */
export function CompanyNotePanel({ invoice }: { invoice: Invoice }) {
  return (
    <Panel title="Internal Note">
      <Typography
        variant="body2"
        color={invoice.company_note ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-wrap' }}
      >
        {invoice.company_note || 'No internal note.'}
      </Typography>
    </Panel>
  );
}
