import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date';
import { useCompany } from '../../shared/company/company.api';
import { saveFile } from '../../shared/download';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { ColumnSelectFilter } from '../../shared/grid/ColumnSelectFilter';
import { DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import type { GridQueryArgs, ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { dateRange, mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  INVENTORY_HISTORY_DEFAULT_SORT,
  INVENTORY_HISTORY_SOURCES,
  inventoryHistoryColumns,
  inventoryHistoryPhoneRow,
  inventoryHistoryRowLink,
} from './inventory-history.columns';
import { INVENTORY_MESSAGES, INVENTORY_ROW_HEIGHT } from './inventory-messages';
import { useExportInventoryMutation, useInventoryHistoryGridQuery } from './inventory.api';
import { exportFailed } from './InventoryPage';

function History() {
  const company = useCompany();
  const timeZone = company.data?.time_zone || DEFAULT_TIME_ZONE;
  const columns = useMemo(() => inventoryHistoryColumns(), []);
  // on a phone the rows are a list without the grid's column menu: its Source filter comes above it
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const grid = useGridModels(columns, {
    initialSort: INVENTORY_HISTORY_DEFAULT_SORT,
    filterTypes: { source: 'set' },
  });
  const today = businessDate(new Date().toISOString(), timeZone);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = dateRange(from, to, today);
  const extraKey = JSON.stringify(range ? { created_at: range } : {});
  const query = useMemo(
    (): GridQueryArgs => mergeFilters(grid.query, JSON.parse(extraKey) as ProtocolFilterModel),
    [grid.query, extraKey],
  );
  const exportQuery = useMemo(
    () => mergeFilters(grid.exportQuery, JSON.parse(extraKey) as ProtocolFilterModel),
    [grid.exportQuery, extraKey],
  );
  const result = useInventoryHistoryGridQuery(query);
  useFeatureForbidden(result.error);
  const [download, downloading] = useExportInventoryMutation();
  const { change } = toolbarPaging(grid.modelProps);
  const filtered = !!from || !!to || grid.modelProps.filterModel.items.length > 0;
  const clear = () => {
    change(setFrom)('');
    setTo('');
    grid.modelProps.onFilterModelChange({ items: [] });
  };
  const exportCsv = async () => {
    try {
      saveFile(await download({ kind: 'history', query: exportQuery }).unwrap());
    } catch (error) {
      exportFailed(INVENTORY_MESSAGES.historyExportFailed, error);
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <GridFilterBar label="Inventory history filters">
          <DateRangeFilter
            labels={{ from: 'From', to: 'To' }}
            from={from}
            to={to}
            today={today}
            onFromChange={change(setFrom)}
            onToChange={change(setTo)}
          />
          {phone && (
            <ColumnSelectFilter
              label="Source"
              field="source"
              options={INVENTORY_HISTORY_SOURCES}
              allLabel="All sources"
              filterModel={grid.modelProps.filterModel}
              onFilterModelChange={grid.modelProps.onFilterModelChange}
            />
          )}
          <Button variant="outlined" onClick={clear} disabled={!filtered} sx={{ mt: 0.25 }}>
            Clear Filters
          </Button>
          <Button
            variant="outlined"
            onClick={() => void exportCsv()}
            disabled={downloading.isLoading}
            sx={{ mt: 0.25 }}
          >
            Export
          </Button>
        </GridFilterBar>
        <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
          <ServerDataGrid
            {...grid.modelProps}
            columns={columns}
            result={result}
            label="Inventory history"
            emptyText={INVENTORY_MESSAGES.historyEmpty}
            rowHeight={INVENTORY_ROW_HEIGHT}
            phoneRow={inventoryHistoryPhoneRow}
            phoneRowLink={inventoryHistoryRowLink}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/** /inventory/history (as the client's specification asks): every movement, newest first. */
export default function InventoryHistoryPage() {
  return (
    <>
      <PageHeader
        title="Inventory History"
        subtitle="Every movement of stock: invoices, restocks and manual edits."
        actions={
          <RouterButton to="/inventory" variant="outlined">
            Back to Inventory
          </RouterButton>
        }
      />
      <FeatureGate feature="inventory">
        <History />
      </FeatureGate>
    </>
  );
}
