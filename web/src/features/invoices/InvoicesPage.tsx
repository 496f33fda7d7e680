import Add from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { saveFile } from '../../shared/download';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { companyToday } from '../../shared/format';
import { FilterGroup, DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { CustomerFilterChip } from '../customers/CustomerFilterChip';
import { useDownloadInvoiceExportMutation, useFintechCustomersQuery } from '../integrations/integrations.api';
import {
  INVOICE_GRID_DEFAULT_SORT,
  INVOICE_GRID_ID,
  INVOICE_ROW_HEIGHT,
  invoiceColumns,
  invoicePhoneRow,
} from './invoice-grid.columns';
import {
  INVOICE_STATUSES,
  useDownloadInvoiceCsvMutation,
  useInvoiceGridQuery,
  type InvoiceStatus,
} from './invoices.api';
import { INVOICE_MESSAGES, invoicePath, statusLabel } from './view/invoice-display';
import { isWholeNumber, toolbarFilterModel, type ToolbarFilters } from './view/invoice-filters';
import { InvoiceStatusChip } from './view/InvoiceStatusChip';

const withEmail = invoiceColumns({ email: true });
const withoutEmail = invoiceColumns({ email: false });

/**
 * /invoice: the invoice grid (as the client's specification asks) with its status, customer (`?customerId=`), number-range and date-range
 * filters, Summary CSV and Detailed CSV of the current filter, New Invoice and (email feature) the Email Log link.
 * The number range may also arrive as `?numberFrom=&numberTo=` (several invoices created at once).
 */
export default function InvoicesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const email = useFeature('email').active;
  const columns = email ? withEmail : withoutEmail;
  const grid = useGridModels(columns, { initialSort: INVOICE_GRID_DEFAULT_SORT });
  const today = companyToday();

  const customerId = params.get('customerId');
  const [statuses, setStatuses] = useState<InvoiceStatus[]>(() =>
    (params.get('status') ?? '')
      .split(',')
      .filter((s): s is InvoiceStatus => (INVOICE_STATUSES as readonly string[]).includes(s)),
  );
  const [numberFrom, setNumberFrom] = useState(params.get('numberFrom') ?? '');
  const [numberTo, setNumberTo] = useState(params.get('numberTo') ?? '');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const typedNumbers = useDebouncedValue(`${numberFrom}|${numberTo}`);
  const [debouncedFrom = '', debouncedTo = ''] = typedNumbers.split('|');

  const filters: ToolbarFilters = {
    statuses,
    customerId,
    numberFrom: debouncedFrom,
    numberTo: debouncedTo,
    dateFrom,
    dateTo,
  };
  const extraKey = JSON.stringify(toolbarFilterModel(filters, today));
  const query = useMemo(() => mergeFilters(grid.query, JSON.parse(extraKey)), [grid.query, extraKey]);
  const exportQuery = useMemo(
    () => mergeFilters(grid.exportQuery, JSON.parse(extraKey)),
    [grid.exportQuery, extraKey],
  );
  const result = useInvoiceGridQuery(query);
  const [download] = useDownloadInvoiceCsvMutation();
  const [downloading, setDownloading] = useState<'summary' | 'detailed' | 'bottle-pos' | 'fintech' | null>(
    null,
  );
  const bottlePos = useFeature('bottle_pos').active;
  const fintechOn = useFeature('fintech').active;
  const fintechCustomers = useFintechCustomersQuery(undefined, { skip: !fintechOn });
  const fintech = fintechOn && fintechCustomers.data?.any === true;
  const [downloadExport] = useDownloadInvoiceExportMutation();

  const { toFirstPage, change } = toolbarPaging(grid.modelProps);

  const numberError =
    (numberFrom && !isWholeNumber(numberFrom)) || (numberTo && !isWholeNumber(numberTo))
      ? 'Whole numbers only'
      : isWholeNumber(numberFrom) && isWholeNumber(numberTo) && Number(numberFrom) > Number(numberTo)
        ? 'From must not be above To'
        : '';

  const removeCustomer = () => {
    const next = new URLSearchParams(params);
    next.delete('customerId');
    setParams(next, { replace: true, preventScrollReset: true });
    toFirstPage();
  };
  const anyToolbarFilter =
    statuses.length > 0 || !!customerId || !!numberFrom || !!numberTo || !!dateFrom || !!dateTo;
  const clearFilters = () => {
    setStatuses([]);
    setNumberFrom('');
    setNumberTo('');
    setDateFrom('');
    setDateTo('');
    const next = new URLSearchParams(params);
    for (const key of ['customerId', 'status', 'numberFrom', 'numberTo']) next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
    toFirstPage();
  };
  const filtered =
    anyToolbarFilter || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

  const exportCsv = async (kind: 'summary' | 'detailed') => {
    setDownloading(kind);
    try {
      saveFile(await download({ kind, query: exportQuery }).unwrap());
    } catch {
      toast.error(INVOICE_MESSAGES.csvFailed);
    } finally {
      setDownloading(null);
    }
  };

  /** Bottle POS JSON and Fintech CSV of the current filter; 'Error exporting' (30 s) when one fails (as the client's specification asks). */
  const exportFile = async (kind: 'bottle-pos' | 'fintech') => {
    setDownloading(kind);
    try {
      saveFile(await downloadExport({ kind, query: exportQuery }).unwrap());
    } catch {
      toast.error('Error exporting', { seconds: TOAST_SECONDS.sticky });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle="Every invoice you issued, its status, stamps and totals."
        actions={
          <>
            {email && (
              <RouterButton to="/emails" variant="text" startIcon={<MailOutlineOutlined />}>
                Email Log
              </RouterButton>
            )}
            <Button
              variant="outlined"
              size="medium"
              startIcon={<FileDownloadOutlined />}
              loading={downloading === 'summary'}
              disabled={downloading !== null && downloading !== 'summary'}
              onClick={() => void exportCsv('summary')}
            >
              Summary CSV
            </Button>
            <Button
              variant="outlined"
              size="medium"
              startIcon={<FileDownloadOutlined />}
              loading={downloading === 'detailed'}
              disabled={downloading !== null && downloading !== 'detailed'}
              onClick={() => void exportCsv('detailed')}
            >
              Detailed CSV
            </Button>
            {fintech && (
              <Button
                variant="outlined"
                size="medium"
                startIcon={<FileDownloadOutlined />}
                loading={downloading === 'fintech'}
                disabled={downloading !== null && downloading !== 'fintech'}
                onClick={() => void exportFile('fintech')}
              >
                Fintech CSV
              </Button>
            )}
            {bottlePos && (
              <Button
                variant="outlined"
                size="medium"
                startIcon={<FileDownloadOutlined />}
                loading={downloading === 'bottle-pos'}
                disabled={downloading !== null && downloading !== 'bottle-pos'}
                onClick={() => void exportFile('bottle-pos')}
              >
                Bottle POS JSON
              </Button>
            )}
            <RouterButton to="/invoice/create" variant="contained" startIcon={<Add />}>
              New Invoice
            </RouterButton>
          </>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <GridFilterBar
            label="Invoice filters"
            onClear={anyToolbarFilter ? clearFilters : undefined}
            chips={customerId && <CustomerFilterChip customerId={customerId} onRemove={removeCustomer} />}
          >
            <TextField
              select
              size="small"
              label="Status"
              value={statuses}
              sx={{ width: 220 }}
              slotProps={{
                select: {
                  multiple: true,
                  displayEmpty: true,
                  renderValue: (selected) => {
                    const list = selected as InvoiceStatus[];
                    if (list.length === 0) return 'All statuses';
                    if (list.length <= 2) return list.map(statusLabel).join(', ');
                    return `${list.length} statuses`;
                  },
                },
                inputLabel: { shrink: true },
              }}
              onChange={(event) => {
                const value = event.target.value as unknown as InvoiceStatus[] | string;
                change(setStatuses)(
                  (typeof value === 'string' ? value.split(',') : value) as InvoiceStatus[],
                );
              }}
            >
              {INVOICE_STATUSES.map((status) => (
                <MenuItem key={status} value={status} dense>
                  <Checkbox size="small" checked={statuses.includes(status)} sx={{ p: 0.5, mr: 1 }} />
                  <ListItemText primary={<InvoiceStatusChip status={status} />} />
                </MenuItem>
              ))}
            </TextField>
            <FilterGroup error={numberError}>
              <TextField
                size="small"
                label="Number from"
                value={numberFrom}
                onChange={(event) => change(setNumberFrom)(event.target.value)}
                error={!!numberError}
                sx={{ width: 140 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                size="small"
                label="Number to"
                value={numberTo}
                onChange={(event) => change(setNumberTo)(event.target.value)}
                error={!!numberError}
                sx={{ width: 140 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </FilterGroup>
            <DateRangeFilter
              labels={{ from: 'Date from', to: 'Date to' }}
              from={dateFrom}
              to={dateTo}
              today={today}
              onFromChange={change(setDateFrom)}
              onToChange={change(setDateTo)}
            />
          </GridFilterBar>
          <Box sx={{ height: { xs: 600, md: 'max(520px, calc(100vh - 300px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={columns}
              result={result}
              label="Invoices"
              gridId={INVOICE_GRID_ID}
              phoneRow={invoicePhoneRow}
              emptyText={filtered ? INVOICE_MESSAGES.noMatch : INVOICE_MESSAGES.empty}
              errorText={INVOICE_MESSAGES.loadGridFailed}
              rowHeight={INVOICE_ROW_HEIGHT}
              onRowClick={({ row }) => navigate(invoicePath(row.number))}
              sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
            />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
