import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo } from 'react';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { ReceivePaymentAction } from '../accounts/ReceivePaymentAction';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { mergeFilters } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useCustomerDocumentFilters } from '../customers/CustomerDocumentFilters';
import {
  PAYMENT_GRID_DEFAULT_SORT,
  PAYMENT_GRID_ID,
  PAYMENT_ROW_HEIGHT,
  paymentColumns,
  paymentPhoneRow,
} from './payment-grid.columns';
import { invoicePath } from '../invoices/view/invoice-display';
import { PAYMENT_MESSAGES, today as todayOf } from './payment-messages';
import { usePaymentGridQuery } from './payments.api';

const columns = paymentColumns();

const FILTERS = {
  label: 'Payment filters',
  numberField: 'number',
  dateField: 'received_at',
  dateLabels: { from: 'Received from', to: 'Received to' },
  numberParam: 'number',
} as const;

/** The payments report: customer (`?customerId=`), invoice number and received-date filters over the grid. */
function PaymentsReport() {
  const grid = useGridModels(columns, { initialSort: PAYMENT_GRID_DEFAULT_SORT });
  const filters = useCustomerDocumentFilters(FILTERS, grid.modelProps, todayOf());
  const query = useMemo(() => mergeFilters(grid.query, filters.extra), [grid.query, filters.extra]);
  const result = usePaymentGridQuery(query);
  useFeatureForbidden(result.error);
  const filtered =
    filters.active || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        {filters.bar}
        <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
          <ServerDataGrid
            {...grid.modelProps}
            columns={columns}
            result={result}
            label="Payments"
            gridId={PAYMENT_GRID_ID}
            phoneRow={paymentPhoneRow}
            phoneRowLink={(row) => invoicePath(row.number)}
            emptyText={filtered ? PAYMENT_MESSAGES.noMatch : PAYMENT_MESSAGES.noPaymentHistory}
            errorText={PAYMENT_MESSAGES.loadGridFailed}
            rowHeight={PAYMENT_ROW_HEIGHT}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /payment (as the client's specification asks): the payments report grid, newest received first (row height 56), and
 * Receive Payment… for any customer; while the payment feature is off, the activation card instead.
 */
export default function PaymentsPage() {
  const payments = useFeature('payment').active;
  return (
    <>
      <PageHeader
        title="Payments"
        subtitle="Money received against your invoices."
        actions={payments ? <ReceivePaymentAction /> : undefined}
      />
      <FeatureGate feature="payment">
        <PaymentsReport />
      </FeatureGate>
    </>
  );
}
