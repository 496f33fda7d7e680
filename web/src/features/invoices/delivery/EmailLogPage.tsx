import Add from '@mui/icons-material/Add';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../../shared/feature-gate/FeatureGate';
import { ColumnSelectFilter } from '../../../shared/grid/ColumnSelectFilter';
import type { ProtocolFilterModel } from '../../../shared/grid/grid-protocol';
import { GridFilterBar } from '../../../shared/grid/GridFilterBar';
import { ServerDataGrid } from '../../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../../shared/grid/use-grid-models';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RouterButton } from '../../../shared/ui/RouterButton';
import { EMAIL_MESSAGES } from './delivery-messages';
import { useEmailGridQuery } from './delivery.api';
import {
  EMAIL_GRID_DEFAULT_SORT,
  EMAIL_ROW_HEIGHT,
  EMAIL_STATUS_OPTIONS,
  emailColumns,
  emailPhoneRow,
  emailRowLink,
} from './email-grid.columns';

/** How long the typed invoice number waits before it filters (as the other searches do). */
const TYPING_MS = 300;

const columns = emailColumns();

/** One document's e-mails: `?invoice=345` (an invoice's number) or `?memo=CM-1001` (a credit memo's). */
interface DocumentFilter {
  param: 'invoice' | 'memo';
  kind: 'invoice' | 'credit_memo';
  number: string;
  label: string;
}

function documentFilterOf(params: URLSearchParams): DocumentFilter | null {
  const invoice = params.get('invoice')?.trim().replace(/^#/, '');
  if (invoice) return { param: 'invoice', kind: 'invoice', number: invoice, label: `Invoice #${invoice}` };
  const memo = params.get('memo')?.trim();
  if (memo) return { param: 'memo', kind: 'credit_memo', number: memo, label: `Credit memo ${memo}` };
  return null;
}

/** The grid's filterModel (JSON text) with the document of `?invoice=` or `?memo=` added. */
function withDocument<Q extends { filterModel?: string }>(query: Q, only: DocumentFilter | null): Q {
  if (!only) return query;
  const merged: ProtocolFilterModel = {
    ...(query.filterModel ? (JSON.parse(query.filterModel) as ProtocolFilterModel) : {}),
    number: { filterType: 'text', type: 'equals', filter: only.number },
    kind: { filterType: 'set', type: 'in', values: [only.kind] },
  };
  return { ...query, filterModel: JSON.stringify(merged) };
}

function EmailLog() {
  const [params, setParams] = useSearchParams();
  const only = useMemo(() => documentFilterOf(params), [params]);
  const grid = useGridModels(columns, { initialSort: EMAIL_GRID_DEFAULT_SORT });
  const query = useMemo(() => withDocument(grid.query, only), [grid.query, only]);
  const result = useEmailGridQuery(query);
  useFeatureForbidden(result.error);
  const filtered = !!only || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

  // on a phone the rows are a list without the grid's column menu: the invoice number and the status are fields
  // above it (the number is the address's ?invoice=, as the invoice page's link sets it)
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [typed, setTyped] = useState(only?.param === 'invoice' ? only.number : '');
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(typing.current), []);

  const setInvoice = (value: string) => {
    window.clearTimeout(typing.current);
    const next = new URLSearchParams(params);
    const wanted = value.trim().replace(/^#/, '');
    next.delete('memo');
    if (wanted) next.set('invoice', wanted);
    else next.delete('invoice');
    setParams(next, { replace: true, preventScrollReset: true });
    const { paginationModel, onPaginationModelChange } = grid.modelProps;
    if (paginationModel.page !== 0) onPaginationModelChange({ ...paginationModel, page: 0 });
  };
  const removeDocument = () => {
    setTyped('');
    setInvoice('');
  };
  const typeInvoice = (value: string) => {
    setTyped(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => setInvoice(value), TYPING_MS);
  };
  const clearFilters = () => {
    removeDocument();
    grid.modelProps.onFilterModelChange({ items: [] });
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        {phone && (
          <GridFilterBar label="Email log filters" onClear={filtered ? clearFilters : undefined}>
            <TextField
              size="small"
              label="Invoice number"
              value={typed}
              onChange={(event) => typeInvoice(event.target.value)}
              sx={{ width: 150 }}
            />
            <ColumnSelectFilter
              label="Status"
              field="status"
              options={EMAIL_STATUS_OPTIONS}
              allLabel="Any status"
              filterModel={grid.modelProps.filterModel}
              onFilterModelChange={grid.modelProps.onFilterModelChange}
            />
          </GridFilterBar>
        )}
        {/* on a phone the invoice number is the field above; a memo's stays a chip */}
        {only && (!phone || only.param === 'memo') && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            <Chip
              icon={<ReceiptLongOutlined />}
              color="primary"
              variant="outlined"
              label={only.label}
              onDelete={removeDocument}
              sx={{ fontWeight: 600, bgcolor: 'rgba(29, 78, 137, 0.06)' }}
            />
          </Box>
        )}
        <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 260px))' } }}>
          <ServerDataGrid
            {...grid.modelProps}
            columns={columns}
            result={result}
            label="Email log"
            emptyText={filtered ? EMAIL_MESSAGES.noMatch : EMAIL_MESSAGES.noEmailHistory}
            errorText={EMAIL_MESSAGES.loadFailed}
            rowHeight={EMAIL_ROW_HEIGHT}
            phoneRow={emailPhoneRow}
            phoneRowLink={emailRowLink}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /emails (as the client's specification asks): every e-mail of an invoice, a credit memo or a statement, newest
 * first (row height 50); `?invoice=` shows one invoice's, `?memo=` one credit memo's. While the email feature is
 * off, the activation card instead.
 */
export default function EmailLogPage() {
  return (
    <>
      <PageHeader
        title="Email Log"
        subtitle="Invoices, credit memos and statements e-mailed to your customers, and whether the mail server took them."
        actions={
          <RouterButton to="/invoice/create" variant="contained" startIcon={<Add />}>
            New Invoice
          </RouterButton>
        }
      />
      <FeatureGate feature="email">
        <EmailLog />
      </FeatureGate>
    </>
  );
}
