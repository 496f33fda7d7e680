import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import type { ReportAnswer, ReportProductStat } from '#domain/contracts/report.contract';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date';
import { api } from '../../app/api';
import { useCompany } from '../../shared/company/company.api';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatMoney } from '../../shared/format';
import { StatFigures } from '../../shared/ui/StatFigures';
import { STATS_ERROR } from '../../shared/stats-messages';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { InventoryStatsCard } from '../inventory/InventoryStatsCard';
import { STATS_RANGES, statsRange, type StatsRangeName } from './stats-range';

/** GET /company/stats for the panel's range; refreshed by the live invoice and order events (their tags). */
const dashboardStatsApi = api.enhanceEndpoints({ addTagTypes: ['Invoice', 'Order'] }).injectEndpoints({
  endpoints: (build) => ({
    dashboardStats: build.query<ReportAnswer, { from: string; to: string }>({
      query: (period) => ({ url: 'company/stats', params: period }),
      providesTags: ['Invoice', 'Order'],
    }),
  }),
});

/** Rows of the top-products table (as the client's specification asks). */
const TOP_PRODUCTS_PAGE = 5;

type SortKey = 'product' | 'total_qty' | 'total_amount' | 'invoice';
const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'product', label: 'Product', numeric: false },
  { key: 'total_qty', label: 'Units', numeric: true },
  { key: 'total_amount', label: 'Amount', numeric: true },
  { key: 'invoice', label: 'Invoiced', numeric: true },
];

/** Sorted by one column, then by product name (a stable order for equal figures). */
export function sortProducts(
  rows: readonly ReportProductStat[],
  key: SortKey,
  direction: 'asc' | 'desc',
): ReportProductStat[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const by =
      key === 'product' ? a.product.localeCompare(b.product) : (a[key] as number) - (b[key] as number);
    return by !== 0 ? sign * by : a.product.localeCompare(b.product);
  });
}

/**
 * The dashboard's stats panel (as the client's specification asks): one range (This Month, Last Month, Last 3 Months,
 * in the company's time zone) for the invoice and order figures, the inventory stats (inventory feature) and the
 * top-products table. 'Error occurred while getting stats.' for 3 s when the figures cannot be loaded.
 */
export function DashboardStats() {
  const company = useCompany();
  const withInventory = useFeature('inventory').active;
  const withOrders = useFeature('order').active;
  const today = businessDate(new Date().toISOString(), company.data?.time_zone || DEFAULT_TIME_ZONE);
  const [range, setRange] = useState<StatsRangeName>('This Month');
  const period = statsRange(range, today);
  const stats = dashboardStatsApi.useDashboardStatsQuery(period);

  useEffect(() => {
    if (stats.isError) toast.error(STATS_ERROR, { seconds: TOAST_SECONDS.brief });
  }, [stats.isError]);

  const figures: [string, string][] = stats.data
    ? [
        ['Customers', String(stats.data.stats.customerCount)],
        ['Invoices', String(stats.data.stats.invoiceCount)],
        ['Invoice total', formatMoney(stats.data.stats.invoiceTotal)],
        ...(withOrders
          ? ([
              ['Orders', String(stats.data.stats.orderCount)],
              ['Order total', formatMoney(stats.data.stats.orderTotal)],
            ] as [string, string][])
          : []),
      ]
    : [];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card component="section" aria-labelledby="dashboard-stats-title">
        <CardHeader
          title="Stats"
          slotProps={{ title: { variant: 'h4', component: 'h2', id: 'dashboard-stats-title' } }}
          action={
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-label="Stats range"
              value={range}
              onChange={(_, next: StatsRangeName | null) => next && setRange(next)}
            >
              {STATS_RANGES.map((name) => (
                <ToggleButton key={name} value={name}>
                  {name}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          }
          sx={{ flexWrap: 'wrap', gap: 1 }}
        />
        <CardContent sx={{ pt: 0 }}>
          {stats.isError ? (
            <Alert severity="error">{STATS_ERROR}</Alert>
          ) : !stats.data ? (
            <Skeleton height={80} />
          ) : (
            <StatFigures figures={figures} columns={5} />
          )}
        </CardContent>
      </Card>
      {withInventory && <InventoryStatsCard range={range} />}
      <TopProducts rows={stats.data?.productStats} loading={stats.isFetching && !stats.data} />
    </Box>
  );
}

/** What sold most in the range: 5 a page, sortable by product, units, amount and invoiced count. */
function TopProducts({ rows, loading }: { rows: ReportProductStat[] | undefined; loading: boolean }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({
    key: 'total_amount',
    direction: 'desc',
  });
  const [page, setPage] = useState(0);
  const sorted = useMemo(() => sortProducts(rows ?? [], sort.key, sort.direction), [rows, sort]);
  const lastPage = Math.max(0, Math.ceil(sorted.length / TOP_PRODUCTS_PAGE) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = sorted.slice(shownPage * TOP_PRODUCTS_PAGE, (shownPage + 1) * TOP_PRODUCTS_PAGE);
  const sortBy = (key: SortKey) => {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'product' ? 'asc' : 'desc' },
    );
    setPage(0);
  };

  return (
    <Card component="section" aria-labelledby="top-products-title">
      <CardHeader
        title="Top products"
        slotProps={{ title: { variant: 'h4', component: 'h2', id: 'top-products-title' } }}
      />
      <TableContainer>
        <Table size="small" aria-labelledby="top-products-title">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={sort.key === column.key ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort.key === column.key}
                    direction={sort.key === column.key ? sort.direction : 'asc'}
                    onClick={() => sortBy(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ) : shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Typography color="text.secondary">No product was invoiced in this range.</Typography>
                </TableCell>
              </TableRow>
            ) : (
              shown.map((row) => (
                <TableRow key={row.product_id}>
                  <TableCell>{row.product || '(deleted product)'}</TableCell>
                  <TableCell align="right">{row.total_qty}</TableCell>
                  <TableCell align="right">{formatMoney(row.total_amount)}</TableCell>
                  <TableCell align="right">{row.invoice}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={sorted.length}
        page={shownPage}
        rowsPerPage={TOP_PRODUCTS_PAGE}
        rowsPerPageOptions={[TOP_PRODUCTS_PAGE]}
        onPageChange={(_, next) => setPage(next)}
      />
    </Card>
  );
}
