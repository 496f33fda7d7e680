import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo } from 'react';
import { saveFile } from '../../shared/download';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { mergeFilters } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useCustomerDocumentFilters } from '../customers/CustomerDocumentFilters';
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

const FILTERS = {
  label: 'Credit memo filters',
  numberField: 'invoice_number',
  dateField: 'issued_on',
  dateLabels: { from: 'Issued from', to: 'Issued to' },
} as const;

/**
 * /credit-memos: every credit memo, newest first; customer (`?customerId=`), invoice number and date filters over
 * the grid (reason and status in its column filters), and a CSV of what the filters show.
 */
export default function CreditMemosPage() {
  const grid = useGridModels(columns, {
    initialSort: CREDIT_MEMO_GRID_DEFAULT_SORT,
    filterTypes: FILTER_TYPES,
  });
  const filters = useCustomerDocumentFilters(FILTERS, grid.modelProps, todayOf());
  const query = useMemo(() => mergeFilters(grid.query, filters.extra), [grid.query, filters.extra]);
  const exportQuery = useMemo(
    () => mergeFilters(grid.exportQuery, filters.extra),
    [grid.exportQuery, filters.extra],
  );
  const result = useCreditMemoGridQuery(query);
  const [download, { isLoading: downloading }] = useDownloadCreditMemoCsvMutation();
  const filtered =
    filters.active || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

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
          {filters.bar}
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
