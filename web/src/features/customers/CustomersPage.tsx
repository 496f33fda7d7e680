import Add from '@mui/icons-material/Add';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { GridSearchField } from '../../shared/grid/GridSearchField';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { useGridSearch } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  CUSTOMER_GRID_DEFAULT_SORT,
  CUSTOMER_ROW_ACTIONS,
  CUSTOMER_ROW_HEIGHT,
  customerColumns,
  customerPath,
  customerPhoneRow,
} from './customer-grid.columns';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { newInvoiceForCustomerPath } from '../invoices/view/invoice-display';
import { CUSTOMER_MESSAGES } from './customer-messages';
import { useCustomerGridQuery } from './customers.api';

const columns = customerColumns();
const HIDDEN_AT_FIRST = {
  address: false,
  zip: false,
  contact_phone: false,
  contact_email: false,
  cash_on_delivery: false,
  created_at: false,
};
/** With the order feature: the customer's users (as the client's specification asks). */
const columnsWithUsers = customerColumns([
  ...CUSTOMER_ROW_ACTIONS,
  {
    label: 'Customer users',
    icon: <GroupOutlined fontSize="small" />,
    to: (row) => `/customer/${row.id}/user`,
  },
]);

/** /customer: the customer grid (server-side paging, sorting and filtering) with New Customer. */
export default function CustomersPage() {
  const orders = useFeature('order').active;
  const grid = useGridModels(columns, { initialSort: CUSTOMER_GRID_DEFAULT_SORT });
  // the search box: customers whose name contains the text (the name's trigram index answers it)
  const { search, onSearch, query } = useGridSearch(grid.query, grid.modelProps, 'name');
  const result = useCustomerGridQuery(query);
  const navigate = useNavigate();
  const owner = useAppSelector((state) => state.session.user?.role === 'owner');
  return (
    <>
      <PageHeader
        title="Customers"
        subtitle="Bars, retailers and other establishments you invoice, with their TABC permits."
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {owner && (
              <RouterButton
                to="/customer/taxpayer-numbers"
                variant="outlined"
                startIcon={<UploadFileOutlined />}
              >
                Taxpayer Numbers
              </RouterButton>
            )}
            {orders && (
              <RouterButton to="/customer/users" variant="outlined" startIcon={<GroupOutlined />}>
                Users
              </RouterButton>
            )}
            <RouterButton to="/customer/create" variant="contained" startIcon={<Add />}>
              New Customer
            </RouterButton>
          </Box>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
              mb: 1.5,
              px: 0.5,
            }}
          >
            <GridSearchField label="Search customers" placeholder="Name" value={search} onChange={onSearch} />
            {result.data && (
              <Typography variant="body2" color="text.secondary" role="status">
                {`${result.data.count} ${result.data.count === 1 ? 'customer' : 'customers'}`}
              </Typography>
            )}
          </Box>
          <Box sx={{ height: { xs: 560, md: 'max(480px, calc(100vh - 220px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={orders ? columnsWithUsers : columns}
              result={result}
              label="Customers"
              emptyText={CUSTOMER_MESSAGES.empty}
              errorText={CUSTOMER_MESSAGES.loadFailed}
              rowHeight={CUSTOMER_ROW_HEIGHT}
              phoneRow={customerPhoneRow}
              phoneRowLink={(row) => customerPath(row.id)}
              // The client's specification: double-clicking the name starts an invoice for the customer
              onCellDoubleClick={({ field, row }) => {
                if (field === 'name') navigate(newInvoiceForCustomerPath(row.id));
              }}
              // the key columns and the actions fit 1440 px; the others are a column-menu choice away
              defaultColumnVisibility={HIDDEN_AT_FIRST}
            />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
