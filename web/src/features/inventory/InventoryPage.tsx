import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { saveFile } from '../../shared/download';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { GridFilterBar } from '../../shared/grid/GridFilterBar';
import { GridSearchField } from '../../shared/grid/GridSearchField';
import { useGridSearch } from '../../shared/grid/toolbar-filters';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  EDITABLE_FIELDS,
  inventoryDefaultVisibility,
  INVENTORY_GRID_DEFAULT_SORT,
  INVENTORY_GRID_ID,
  inventoryColumns,
  inventoryPhoneRow,
} from './inventory-grid.columns';
import { cellNumber, INVENTORY_MESSAGES, INVENTORY_ROW_HEIGHT, QUICK_EDIT_KEY } from './inventory-messages';
import {
  useAdjustInventoryMutation,
  useExportInventoryMutation,
  useInventoryGridQuery,
  type InventoryCellField,
  type InventoryGridRow,
} from './inventory.api';

const FIELDS = Object.keys(EDITABLE_FIELDS) as InventoryCellField[];
const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '(blank)' : String(value);

/** Export errors (as the client's specification asks): the title, then 'No inventory found' or 'Failed to export inventory data!' with details. */
export function exportFailed(title: string, error: unknown) {
  const problem = toProblem(error);
  const message =
    problem?.status === 404 && problem.message
      ? problem.message
      : [
          INVENTORY_MESSAGES.exportFailedDetail,
          ...(problem?.details.map((d) => d.message) ?? []),
          problem?.message,
        ]
          .filter(Boolean)
          .join(' ');
  toast.error(message, { title, seconds: TOAST_SECONDS.sticky });
}

function useQuickEdit() {
  const [quickEdit, setQuickEditState] = useState(() => localStorage.getItem(QUICK_EDIT_KEY) === 'true');
  const setQuickEdit = useCallback((on: boolean) => {
    localStorage.setItem(QUICK_EDIT_KEY, String(on));
    setQuickEditState(on);
  }, []);
  return [quickEdit, setQuickEdit] as const;
}

interface PendingEdit {
  text: string;
  resolve: (ok: boolean) => void;
}

function Inventory() {
  const columns = useMemo(() => inventoryColumns(), []);
  const grid = useGridModels(columns, { initialSort: INVENTORY_GRID_DEFAULT_SORT });
  // the search box: products whose name contains the text
  const { search, onSearch, query } = useGridSearch(grid.query, grid.modelProps, 'product');
  const result = useInventoryGridQuery(query);
  useFeatureForbidden(result.error);
  const [adjust] = useAdjustInventoryMutation();
  const [download, downloading] = useExportInventoryMutation();
  const [quickEdit, setQuickEdit] = useQuickEdit();
  const [pending, setPending] = useState<PendingEdit | null>(null);

  /**
   * The confirmation opens once the key that ended the edit is released (or after 250 ms when a click ended it):
   * the Enter that commits a cell must not also press the dialog's focused button.
   */
  const confirm = (text: string) =>
    new Promise<boolean>((resolve) => {
      let opened = false;
      const open = () => {
        if (opened) return;
        opened = true;
        window.removeEventListener('keyup', open, true);
        setPending({ text, resolve });
      };
      window.addEventListener('keyup', open, true);
      window.setTimeout(open, 250);
    });
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  /**
   * One cell edit (as the client's specification asks): unchanged does nothing; a value that is not a number shows 'Invalid value'
   * and reverts; without quick edit a confirmation comes first; a failed save reverts with 'Error updating
   * inventory'. The edit carries the value it replaces, so stock moves by the difference.
   */
  const processRowUpdate = async (next: GridValidRowModel, before: GridValidRowModel) => {
    const row = before as InventoryGridRow;
    const field = FIELDS.find((f) => shown(next[f]) !== shown(row[f]));
    if (!field) return row;
    const header = EDITABLE_FIELDS[field];
    let value: number | string | null;
    if (field === 'distributor') {
      value = String(next[field] ?? '').trim() || null;
      if (value === (row.distributor ?? null)) return row;
    } else {
      const number = cellNumber(next[field]);
      if (number === undefined) {
        toast.error(INVENTORY_MESSAGES.mustBeNumber(header), { title: INVENTORY_MESSAGES.invalidValue });
        return row;
      }
      if (number === row[field]) return row;
      value = number;
    }
    if (!quickEdit) {
      const ok = await confirm(
        `Change ${header} of ${row.product} from ${shown(row[field])} to ${shown(value)}?`,
      );
      if (!ok) return row;
    }
    try {
      const saved = await adjust({ id: row.id, field, value, old: row[field] }).unwrap();
      return {
        ...row,
        [field]: value,
        qty: saved.qty,
        status: saved.status,
        reorder_needed: (saved.reorder_needed ? 1 : 0) as 0 | 1,
        days_to_reorder: saved.days_to_reorder,
      };
    } catch (error) {
      toast.error(toProblem(error)?.message || 'Please try again.', {
        title: INVENTORY_MESSAGES.updateFailed,
      });
      return row;
    }
  };

  const exportCsv = async () => {
    try {
      saveFile(await download({ kind: 'inventory', query: grid.exportQuery }).unwrap());
    } catch (error) {
      exportFailed(INVENTORY_MESSAGES.exportFailed, error);
    }
  };
  const filtered = grid.modelProps.filterModel.items.length > 0;

  return (
    <>
      <PageHeader
        title="Inventory"
        subtitle="Stock per product: it moves with invoices, restocks and your edits."
        actions={
          <>
            <RouterButton to="/inventory/restock" variant="contained">
              Re-stock
            </RouterButton>
            <RouterButton to="/inventory/history" variant="outlined">
              History
            </RouterButton>
            <Button variant="outlined" onClick={() => void exportCsv()} disabled={downloading.isLoading}>
              Export
            </Button>
          </>
        }
      />
      {quickEdit && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setQuickEdit(false)}>
              Turn off quick edit
            </Button>
          }
        >
          Quick edit is on: each change saves as soon as you leave the cell, without asking.
        </Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <GridFilterBar label="Inventory filters">
            <GridSearchField
              label="Search products"
              placeholder="Product name"
              value={search}
              onChange={onSearch}
            />
            <FormControlLabel
              control={
                <Switch checked={quickEdit} onChange={(event) => setQuickEdit(event.target.checked)} />
              }
              label="Quick edit"
            />
            <Button
              variant="outlined"
              onClick={() => grid.modelProps.onFilterModelChange({ items: [] })}
              disabled={!filtered}
              sx={{ mt: 0.25 }}
            >
              Clear Filters
            </Button>
          </GridFilterBar>
          <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={columns}
              result={result}
              label="Inventory"
              gridId={INVENTORY_GRID_ID}
              defaultColumnVisibility={inventoryDefaultVisibility(quickEdit)}
              phoneRow={inventoryPhoneRow}
              phoneRowLink={(row) => `/product/${row.id}`}
              emptyText={INVENTORY_MESSAGES.empty}
              rowHeight={INVENTORY_ROW_HEIGHT}
              editMode="cell"
              processRowUpdate={processRowUpdate}
              onProcessRowUpdateError={(error) =>
                toast.error(toProblem(error)?.message || '', { title: INVENTORY_MESSAGES.updateFailed })
              }
            />
          </Box>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title="Update inventory?"
        confirmLabel="Update"
        onConfirm={() => answer(true)}
        onClose={() => answer(false)}
      >
        {pending?.text}
      </ConfirmDialog>
    </>
  );
}

/** /inventory (as the client's specification asks): the inventory feature, else the activation card. */
export default function InventoryPage() {
  return (
    <FeatureGate feature="inventory">
      <Inventory />
    </FeatureGate>
  );
}
