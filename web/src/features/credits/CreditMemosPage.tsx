import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { saveFile } from '../../shared/download';
import type { ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { dateRange, mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { CustomerFilterChip } from '../customers/CustomerFilterChip';
import { useDebouncedValue } from '../customers/use-debounced-value';
import { today as todayOf } from '../payments/payment-messages';
import { creditMemoPath } from './credit-form';
import {
  CREDIT_MEMO_GRID_DEFAULT_SORT,
  CREDIT_MEMO_GRID_ID,
  CREDIT_MEMO_ROW_HEIGHT,
  creditMemoColumns,
  creditMemoPhoneRow,
} from './credit-memo-grid.columns';
import { useCreditMemoGridQuery, useDownloadCreditMemoCsvMutation } from './credits.api';

const columns = creditMemoColumns();
const FILTER_TYPES = { reason: 'set', status: 'set' } as const;

interface ToolbarFilters {
  customerId: string | null;
  invoice: string;
  from: string;
  to: string;
}

function toolbarFilterModel(filters: ToolbarFilters, today: string): ProtocolFilterModel {
  const model: ProtocolFilterModel = {};
  if (filters.customerId) model.customer_id = { filterType: 'set', type: 'in', values: [filters.customerId] };
  const invoice = filters.invoice.trim().replace(/^#/, '');
  if (invoice) model.invoice_number = { filterType: 'text', type: 'equals', filter: invoice };
  const issued = dateRange(filters.from, filters.to, today);
  if (issued) model.issued_on = issued;
  return model;
}

/**
 * /credit-memos: every credit memo, newest first; customer (`?customerId=`), invoice number and date filters over
 * the grid (reason and status in its column filters), and a CSV of what the filters show.
 */
export default function CreditMemosPage() {
  const [params, setParams] = useSearchParams();
  const grid = useGridModels(columns, {
    initialSort: CREDIT_MEMO_GRID_DEFAULT_SORT,
    filterTypes: FILTER_TYPES,
  });
  const today = todayOf();
  const customerId = params.get('customerId');
  const [invoice, setInvoice] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const debouncedInvoice = useDebouncedValue(invoice);
  const extraKey = JSON.stringify(
    toolbarFilterModel({ customerId, invoice: debouncedInvoice, from, to }, today),
  );
  const query = useMemo(() => mergeFilters(grid.query, JSON.parse(extraKey)), [grid.query, extraKey]);
  const exportQuery = useMemo(
    () => mergeFilters(grid.exportQuery, JSON.parse(extraKey)),
    [grid.exportQuery, extraKey],
  );
  const result = useCreditMemoGridQuery(query);
  const [download, { isLoading: downloading }] = useDownloadCreditMemoCsvMutation();
  const { toFirstPage, change } = toolbarPaging(grid.modelProps);

  const removeCustomer = () => {
    const next = new URLSearchParams(params);
    next.delete('customerId');
    setParams(next, { replace: true });
    toFirstPage();
  };
  const anyToolbarFilter = !!customerId || !!invoice || !!from || !!to;
  const clearFilters = () => {
    setInvoice('');
    setFrom('');
    setTo('');
    const next = new URLSearchParams(params);
    next.delete('customerId');
    setParams(next, { replace: true });
    toFirstPage();
  };
  const filtered =
    anyToolbarFilter || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

  const exportCsv = async () => {
    try {
      saveFile(await download(exportQuery).unwrap());
    } catch {
      toast.error('The credit memos could not be exported.');
    }
  };

  return (
    <>
      <PageHeader
        title="Credit memos"
        subtitle="Credits for goods delivered damaged, short or in error, pricing errors and freshness swaps."
        actions={
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            loading={downloading}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <GridFilterBar
            label="Credit memo filters"
            onClear={anyToolbarFilter ? clearFilters : undefined}
            chips={customerId && <CustomerFilterChip customerId={customerId} onRemove={removeCustomer} />}
          >
            <TextField
              size="small"
              label="Invoice number"
              value={invoice}
              onChange={(event) => change(setInvoice)(event.target.value)}
              sx={{ width: 160 }}
            />
            <DateRangeFilter
              labels={{ from: 'Issued from', to: 'Issued to' }}
              from={from}
              to={to}
              today={today}
              onFromChange={change(setFrom)}
              onToChange={change(setTo)}
            />
          </GridFilterBar>
          <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={columns}
              result={result}
              label="Credit memos"
              gridId={CREDIT_MEMO_GRID_ID}
              phoneRow={creditMemoPhoneRow}
              phoneRowLink={(row) => creditMemoPath(row.id)}
              emptyText={
                filtered
                  ? 'No credit memo matches these filters.'
                  : 'No credit memos yet. Open an invoice and choose Credit items… to issue one.'
              }
              errorText="The credit memos could not be loaded."
              rowHeight={CREDIT_MEMO_ROW_HEIGHT}
            />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
