import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date';
import { api } from '../../app/api';
import { useCompany } from '../../shared/company/company.api';
import { fileResponse, saveFile, type DownloadedFile } from '../../shared/download';
import { formatMoney } from '../../shared/format';
import { StatFigures } from '../../shared/ui/StatFigures';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import type { InventoryStats } from '#domain/contracts/inventory.contract';
import { INVENTORY_MESSAGES } from './inventory-messages';
import { statsRange, type StatsRangeName } from '../dashboard/stats-range';

const statsApi = api.enhanceEndpoints({ addTagTypes: ['Inventory'] }).injectEndpoints({
  endpoints: (build) => ({
    inventoryStats: build.query<InventoryStats, { from: string; to: string }>({
      query: (params) => ({ url: 'inventory/stats', params }),
      providesTags: [{ type: 'Inventory', id: 'LIST' }],
    }),
    exportInventoryStats: build.mutation<DownloadedFile, { from: string; to: string }>({
      query: (params) => ({
        url: 'inventory/stats/export',
        params,
        responseHandler: fileResponse('inventory_stats.csv'),
      }),
    }),
  }),
});

/**
 * The dashboard's inventory stats (as the client's specification asks) for the stats panel's range, with the CSV of its products.
 * Inventory feature only.
 */
export function InventoryStatsCard({ range }: { range: StatsRangeName }) {
  const company = useCompany();
  const today = businessDate(new Date().toISOString(), company.data?.time_zone || DEFAULT_TIME_ZONE);
  const period = statsRange(range, today);
  const stats = statsApi.useInventoryStatsQuery(period);
  const [download, downloading] = statsApi.useExportInventoryStatsMutation();
  const totals = stats.data?.totals;

  const exportCsv = async () => {
    try {
      saveFile(await download(period).unwrap());
    } catch (error) {
      toast.error(toProblem(error)?.message || INVENTORY_MESSAGES.exportFailedDetail, {
        title: INVENTORY_MESSAGES.exportFailed,
        seconds: TOAST_SECONDS.sticky,
      });
    }
  };

  const figures: [string, string][] = totals
    ? [
        ['In stock', String(totals.units_in_stock)],
        ['Inventory value', formatMoney(totals.inventory_value)],
        ['Restocked', String(totals.restocked)],
        ['Invoiced', String(totals.invoiced)],
        ['Adjusted', String(totals.adjusted)],
        ['Low / zero / negative', `${totals.low} / ${totals.zero} / ${totals.negative}`],
      ]
    : [];

  return (
    <Card component="section" aria-label="Inventory stats">
      <CardHeader
        title="Inventory stats"
        slotProps={{ title: { variant: 'h4', component: 'h2' } }}
        action={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => void exportCsv()}
              disabled={downloading.isLoading}
            >
              CSV
            </Button>
          </Box>
        }
        sx={{ flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent sx={{ pt: 0 }}>
        {stats.isError ? (
          <Alert severity="error">{toProblem(stats.error)?.message || 'Error loading inventory stats'}</Alert>
        ) : !totals ? (
          <Skeleton height={80} />
        ) : (
          <StatFigures figures={figures} columns={6} />
        )}
      </CardContent>
    </Card>
  );
}
