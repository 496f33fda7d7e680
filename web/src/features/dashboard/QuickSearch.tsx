import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { CustomerAvatar } from '../customers/CustomerAvatar';
import { editCustomerPath } from '../customers/customer-grid.columns';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useQuickSearchQuery } from '../invoices/invoices.api';
import { invoicePath } from '../invoices/view/invoice-display';
import { InvoiceStatusChip } from '../invoices/view/InvoiceStatusChip';

/** The client's specification: quick search starts at 3 characters, 300 ms after the last keystroke. */
export const QUICK_SEARCH_MIN = 3;
export const QUICK_SEARCH_DEBOUNCE_MS = 300;

/** The dashboard's quick search for invoices (by number or customer) and customers (GET company/quick-search). */
export function QuickSearch() {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const ready = settled.length >= QUICK_SEARCH_MIN;
  const { data, isFetching, isError, refetch } = useQuickSearchQuery(settled, { skip: !ready });
  const typing = text.trim() !== settled;
  const shown = ready && data && !isError;
  const empty = shown && data.invoices.length === 0 && data.customers.length === 0;

  return (
    <Card component="section" aria-labelledby="quick-search-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id="quick-search-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
          Quick Search
        </Typography>
        <TextField
          size="small"
          type="search"
          label="Search invoices and customers"
          placeholder="Invoice number or customer"
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText={
            text.trim().length > 0 && text.trim().length < QUICK_SEARCH_MIN
              ? `Type at least ${QUICK_SEARCH_MIN} characters.`
              : ' '
          }
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ height: 4 }}>
          {ready && (isFetching || typing) && (
            <LinearProgress aria-label="Searching" sx={{ borderRadius: 1 }} />
          )}
        </Box>
        {ready && isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            Sorry, the search failed.
          </Alert>
        )}
        {empty && !typing && (
          <Typography role="status" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            No results for “{settled}”.
          </Typography>
        )}
        {shown && !empty && (
          <Box role="region" aria-label="Search results">
            {data.invoices.length > 0 && (
              <List
                dense
                subheader={<ListSubheader disableSticky>Invoices</ListSubheader>}
                aria-label="Invoice results"
              >
                {data.invoices.map((invoice) => (
                  <ListItemButton
                    key={invoice.id}
                    component={RouterLink}
                    to={invoicePath(invoice.number)}
                    sx={{ borderRadius: 1 }}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <ReceiptLongOutlined color="primary" />
                    </ListItemIcon>
                    <ListItemText
                      primary={`#${invoice.number} · ${invoice.customer_name}`}
                      secondary={`${formatDate(invoice.invoiced_at)} · ${formatMoney(invoice.total)}`}
                      slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
                    />
                    <InvoiceStatusChip status={invoice.status} sx={{ ml: 1 }} />
                  </ListItemButton>
                ))}
              </List>
            )}
            {data.customers.length > 0 && (
              <List
                dense
                subheader={<ListSubheader disableSticky>Customers</ListSubheader>}
                aria-label="Customer results"
              >
                {data.customers.map((customer) => (
                  <ListItemButton
                    key={customer.id}
                    component={RouterLink}
                    to={editCustomerPath(customer.id)}
                    sx={{ borderRadius: 1 }}
                  >
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <CustomerAvatar name={customer.name} colorIndex={customer.color_index} size={28} />
                    </ListItemIcon>
                    <ListItemText
                      primary={customer.name}
                      secondary={[customer.display_tabc_id, customer.city].filter(Boolean).join(' · ')}
                      slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
          </Box>
        )}
        {!ready && (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
            Find an invoice by its number or customer, or a customer by name or TABC ID.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
