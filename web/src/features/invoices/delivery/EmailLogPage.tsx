import Add from '@mui/icons-material/Add';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../../shared/feature-gate/FeatureGate';
import type { ProtocolFilterModel } from '../../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../../shared/grid/use-grid-models';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { RouterButton } from '../../../shared/ui/RouterButton';
import { EMAIL_MESSAGES } from './delivery-messages';
import { useEmailGridQuery } from './delivery.api';
import { EMAIL_GRID_DEFAULT_SORT, EMAIL_ROW_HEIGHT, emailColumns } from './email-grid.columns';

const columns = emailColumns();

/** The grid's filterModel (JSON text) with the invoice number of `?invoice=` added. */
function withInvoice<Q extends { filterModel?: string }>(query: Q, number: string | null): Q {
  if (!number) return query;
  const merged: ProtocolFilterModel = {
    ...(query.filterModel ? (JSON.parse(query.filterModel) as ProtocolFilterModel) : {}),
    number: { filterType: 'text', type: 'equals', filter: number },
  };
  return { ...query, filterModel: JSON.stringify(merged) };
}

function EmailLog() {
  const [params, setParams] = useSearchParams();
  const number = params.get('invoice')?.trim().replace(/^#/, '') || null;
  const grid = useGridModels(columns, { initialSort: EMAIL_GRID_DEFAULT_SORT });
  const query = useMemo(() => withInvoice(grid.query, number), [grid.query, number]);
  const result = useEmailGridQuery(query);
  useFeatureForbidden(result.error);
  const filtered = !!number || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

  const removeInvoice = () => {
    const next = new URLSearchParams(params);
    next.delete('invoice');
    setParams(next, { replace: true });
    const { paginationModel, onPaginationModelChange } = grid.modelProps;
    if (paginationModel.page !== 0) onPaginationModelChange({ ...paginationModel, page: 0 });
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        {number && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            <Chip
              icon={<ReceiptLongOutlined />}
              color="primary"
              variant="outlined"
              label={`Invoice #${number}`}
              onDelete={removeInvoice}
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
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /emails (as the client's specification asks): every invoice e-mail, newest first (row height 50); `?invoice=`
 * shows one invoice's. While the email feature is off, the activation card instead.
 */
export default function EmailLogPage() {
  return (
    <>
      <PageHeader
        title="Email Log"
        subtitle="Invoices e-mailed to your customers, and whether the mail server took them."
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
