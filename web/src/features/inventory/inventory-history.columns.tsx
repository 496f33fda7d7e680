import Chip from '@mui/material/Chip';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { InvoiceNumberCell } from '../../shared/grid/GridCellLink';
import { formatDateTime, formatMoney } from '../../shared/format';
import { phoneRowParts, type PhoneRowParts } from '../../shared/grid/PhoneRowList';
import {
  inventoryHistoryPhoneFacts,
  movementInvoice,
  signedQty,
  SOURCE_COLORS,
} from './inventory-history-phone';
import type { InventoryHistorySource } from '#domain/contracts/inventory.contract';
import type { InventoryHistoryRow } from './inventory.api';

/** The client's specification: inventory history by created_at, newest first. */
export const INVENTORY_HISTORY_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The sources a movement has, as the Source filter offers them. */
export const INVENTORY_HISTORY_SOURCES = (Object.keys(SOURCE_COLORS) as InventoryHistorySource[]).map(
  (source) => ({ value: source, label: source }),
);

/** A movement on a phone (see inventoryHistoryPhoneFacts); an invoice movement opens its invoice. */
export const inventoryHistoryPhoneRow = (row: InventoryHistoryRow): PhoneRowParts =>
  phoneRowParts(inventoryHistoryPhoneFacts(row));
export const inventoryHistoryRowLink = (row: InventoryHistoryRow): string | undefined =>
  inventoryHistoryPhoneFacts(row).link;

/** The client's specification: distributor, UPC, product, size, price, qty, source, reference, date. */
export function inventoryHistoryColumns(): GridColDef<InventoryHistoryRow>[] {
  return [
    { field: 'distributor', headerName: 'Distributor', minWidth: 150, flex: 1 },
    { field: 'upc', headerName: 'UPC', minWidth: 130 },
    { field: 'product', headerName: 'Product', minWidth: 200, flex: 1.5 },
    { field: 'product_size', headerName: 'Size', minWidth: 90 },
    {
      field: 'price',
      headerName: 'Price',
      type: 'number',
      minWidth: 100,
      valueFormatter: (value) => (value === null ? '' : formatMoney(value as number)),
    },
    {
      field: 'qty',
      headerName: 'Qty',
      type: 'number',
      minWidth: 80,
      valueFormatter: (value) => signedQty(value as number),
    },
    {
      field: 'source',
      headerName: 'Source',
      type: 'singleSelect',
      valueOptions: INVENTORY_HISTORY_SOURCES,
      minWidth: 120,
      renderCell: ({ row }) => (
        <Chip size="small" variant="outlined" color={SOURCE_COLORS[row.source]} label={row.source} />
      ),
    },
    {
      field: 'ref',
      headerName: 'Reference',
      minWidth: 140,
      renderCell: ({ row }) => {
        const invoice = movementInvoice(row);
        return invoice ? <InvoiceNumberCell number={invoice} to={`/invoice/${invoice}`} /> : row.ref;
      },
    },
    {
      field: 'created_at',
      headerName: 'Date',
      type: 'dateTime',
      minWidth: 190,
      filterable: false,
      valueGetter: (value) => (value ? new Date(value as string) : null),
      valueFormatter: (value) => formatDateTime(value as Date),
    },
  ];
}
