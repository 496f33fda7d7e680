import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FeatureGate } from '../../shared/feature-gate/FeatureGate';
import { formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { ProductSearch } from '../invoices/builder/ProductSearch';
import type { ProductSuggestion } from '../invoices/builder/builder.api';
import { cellNumber, INVENTORY_MESSAGES } from './inventory-messages';
import {
  useInventoryDistributorsQuery,
  useInventoryStockQuery,
  useLazyInventoryGridQuery,
  useRestockInventoryMutation,
  type InventoryGridRow,
} from './inventory.api';
import {
  addItems,
  byDistributor,
  emptyDraft,
  loadDraft,
  newKey,
  RESTOCK_DRAFT_KEY,
  reorderItem,
  totals,
  type DistributorGroup,
  type RestockDraft,
} from './restock-list';

const ANY = '';
const NO_DISTRIBUTOR = 'No distributor';

const distributorName = (name: string | null | undefined) => (name?.trim() ? name.trim() : NO_DISTRIBUTOR);

/**
 * Populate Restock with no distributor chosen: the products awaiting reorder, by distributor. A restock records one
 * delivery, so they are never mixed under one reference: the user loads one distributor's at a time.
 */
/**
 * Below 600 px each item is a card: the product across the top, then each value under its column's name (the
 * header row stays for screen readers), so nothing needs a sideways scroll.
 */
const PHONE_CARDS = {
  '@media (max-width: 599.95px)': {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: '1fr 1fr',
      columnGap: 2,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { display: 'block', border: 0, px: 0.5, py: 0.5, textAlign: 'left', minWidth: 0 },
    '& tbody td:first-of-type': { gridColumn: '1 / -1', fontWeight: 600 },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: '0.75rem',
      color: 'text.secondary',
    },
    '& tbody td:last-of-type': { gridColumn: '2', justifySelf: 'end' },
  },
} as const;

function DistributorChoice({
  groups,
  onLoad,
  onClose,
}: {
  groups: DistributorGroup<InventoryGridRow>[];
  onLoad: (group: DistributorGroup<InventoryGridRow>) => void;
  onClose: () => void;
}) {
  return (
    <Alert
      severity="info"
      onClose={onClose}
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
      aria-labelledby="restock-by-distributor"
    >
      <Typography id="restock-by-distributor" sx={{ fontWeight: 600, mb: 1 }}>
        Products awaiting reorder come from {groups.length} distributors. A restock is one delivery: load one
        distributor&apos;s products.
      </Typography>
      <Box component="ul" aria-label="Distributors to restock from" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {groups.map((group) => (
          <Box
            component="li"
            key={group.distributor}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <Typography sx={{ flex: '1 1 180px' }}>
              {distributorName(group.distributor)} · {group.rows.length}{' '}
              {group.rows.length === 1 ? 'product' : 'products'}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => onLoad(group)}>
              Load {distributorName(group.distributor)}
            </Button>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}

function Restock() {
  const navigate = useNavigate();
  const distributors = useInventoryDistributorsQuery();
  const [populate, populating] = useLazyInventoryGridQuery();
  const [save, saving] = useRestockInventoryMutation();
  const [draft, setDraft] = useState<RestockDraft>(() => loadDraft());
  const [picked, setPicked] = useState<ProductSuggestion | null>(null);
  const [qty, setQty] = useState('1');
  const [cost, setCost] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [groups, setGroups] = useState<DistributorGroup<InventoryGridRow>[] | null>(null);
  // Each listed product's stock and distributor as they are now (not as when it was added).
  const ids = useMemo(() => draft.items.map((item) => item.product_id), [draft.items]);
  const stock = useInventoryStockQuery(ids, { skip: ids.length === 0 });
  const stockOf = useMemo(
    () => new Map((stock.data ?? []).map((row) => [row.product_id, row])),
    [stock.data],
  );
  const listed = new Set(
    draft.items.map((item) => distributorName(stockOf.get(item.product_id)?.distributor)),
  );

  useEffect(() => sessionStorage.setItem(RESTOCK_DRAFT_KEY, JSON.stringify(draft)), [draft]);

  const qtyNumber = cellNumber(qty);
  const costNumber = cost.trim() === '' ? 0 : cellNumber(cost);
  const qtyError = qtyNumber === undefined || !Number.isInteger(qtyNumber) || qtyNumber < 1;
  const costError = costNumber === undefined || costNumber < 0;

  const pick = (product: ProductSuggestion) => {
    setPicked(product);
    setQty('1');
    setCost(String(product.last_purchase_price ?? ''));
    return null;
  };

  const add = () => {
    if (!picked || qtyError || costError) return;
    setDraft((d) => ({
      ...d,
      items: addItems(d.items, [
        {
          product_id: picked.id,
          product: picked.product,
          product_size: picked.product_size,
          qty: qtyNumber!,
          item_cost: costNumber!,
        },
      ]),
    }));
    setPicked(null);
  };

  const load = (group: DistributorGroup<InventoryGridRow>) => {
    setDraft((d) => ({
      ...d,
      distributor: group.distributor,
      key: newKey(),
      items: addItems(d.items, group.rows.map(reorderItem)),
    }));
    setGroups(null);
  };

  /**
   * Items awaiting reorder (reorder_needed = 1), each with its suggested quantity, of the chosen distributor. With
   * none chosen, the distributors they come from are offered, one to load at a time (one alone loads at once).
   */
  const populateRestock = async () => {
    const filterModel: Record<string, unknown> = {
      reorder_needed: { filterType: 'number', type: 'equals', filter: 1 },
    };
    if (draft.distributor !== ANY)
      filterModel.distributor = { filterType: 'text', type: 'equals', filter: draft.distributor };
    try {
      const page = await populate({
        startRow: 0,
        endRow: 100,
        ignoreLimit: 'true',
        filterModel: JSON.stringify(filterModel),
        sortModel: JSON.stringify([{ colId: 'product', sort: 'asc' }]),
      }).unwrap();
      if (page.rows.length === 0) {
        toast.warning(INVENTORY_MESSAGES.noOutOfStock, { seconds: TOAST_SECONDS.long });
        return;
      }
      const found = byDistributor(page.rows);
      if (draft.distributor !== ANY || found.length === 1) load(found[0]!);
      else setGroups(found);
    } catch (error) {
      toast.error(toProblem(error)?.message || 'Error loading inventory');
    }
  };

  const reset = () => {
    setDraft(emptyDraft());
    setPicked(null);
    setErrors([]);
    setGroups(null);
  };

  const submit = async () => {
    setErrors([]);
    try {
      const answer = await save({
        key: draft.key,
        items: draft.items.map(({ product_id, qty: units, item_cost }) => ({
          product_id,
          qty: units,
          item_cost,
        })),
        ref_number: draft.reference,
        ...(draft.distributor ? { distributor: draft.distributor } : {}),
      }).unwrap();
      toast.success(INVENTORY_MESSAGES.restockAdded(answer.units, answer.items), {
        title: INVENTORY_MESSAGES.restockDone,
        seconds: TOAST_SECONDS.sticky,
      });
      sessionStorage.removeItem(RESTOCK_DRAFT_KEY);
      setDraft(emptyDraft());
      void navigate('/inventory');
    } catch (error) {
      const problem = toProblem(error);
      setErrors(
        problem?.details.length
          ? problem.details.map((d) => d.message)
          : [problem?.message || 'Error saving restock'],
      );
      // the same list may be saved again with the same key; a changed list gets a new one
    }
  };

  const setItem = (index: number, change: Partial<{ qty: number; item_cost: number }>) =>
    setDraft((d) => ({
      ...d,
      key: newKey(),
      items: d.items.map((item, i) => (i === index ? { ...item, ...change } : item)),
    }));
  const { units, items } = totals(draft.items);

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <TextField
              select
              label="Distributor"
              value={draft.distributor}
              onChange={(event) => {
                setDraft((d) => ({ ...d, distributor: event.target.value }));
                setGroups(null);
              }}
              sx={{ minWidth: 220, flex: '1 1 220px' }}
            >
              <MenuItem value={ANY}>All distributors</MenuItem>
              {(distributors.data ?? []).map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={INVENTORY_MESSAGES.reference}
              value={draft.reference}
              onChange={(event) => setDraft((d) => ({ ...d, reference: event.target.value }))}
              sx={{ minWidth: 220, flex: '1 1 220px' }}
            />
            <Button
              variant="outlined"
              onClick={() => void populateRestock()}
              disabled={populating.isFetching}
              sx={{ mt: 1 }}
            >
              Populate Restock
            </Button>
          </Box>
          {groups && <DistributorChoice groups={groups} onLoad={load} onClose={() => setGroups(null)} />}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Add an item
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <Box sx={{ flex: '2 1 280px' }}>
              <ProductSearch onPick={pick} />
            </Box>
            <TextField
              label="Qty"
              value={qty}
              onChange={(event) => setQty(event.target.value)}
              error={picked !== null && qtyError}
              helperText={picked !== null && qtyError ? 'Qty must be a whole number of at least 1' : ' '}
              disabled={!picked}
              sx={{ flex: '0 1 110px' }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Item Cost"
              value={cost}
              onChange={(event) => setCost(event.target.value)}
              error={picked !== null && costError}
              helperText={picked !== null && costError ? 'Item Cost must be an amount of at least 0' : ' '}
              disabled={!picked}
              sx={{ flex: '0 1 130px' }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Button
              variant="contained"
              onClick={add}
              disabled={!picked || qtyError || costError}
              sx={{ mt: 1 }}
            >
              Add Item
            </Button>
          </Box>
          {picked && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {picked.product} {picked.product_size}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Items to restock
          </Typography>
          {errors.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errors.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          {listed.size > 1 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              This list holds products of {listed.size} distributors ({[...listed].join(', ')}). A restock
              records one delivery: save each distributor&apos;s products on their own.
            </Alert>
          )}
          {draft.items.length === 0 ? (
            <Typography color="text.secondary">No items yet: add products or Populate Restock.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Items to restock" sx={PHONE_CARDS}>
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell>Distributor</TableCell>
                    <TableCell align="right">In Stock</TableCell>
                    <TableCell align="right">Qty</TableCell>
                    <TableCell align="right">After</TableCell>
                    <TableCell align="right">Item Cost</TableCell>
                    <TableCell align="right">Total</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {draft.items.map((item, index) => {
                    const now = stockOf.get(item.product_id);
                    return (
                      <TableRow key={item.product_id}>
                        <TableCell sx={{ minWidth: 180 }}>
                          {item.product}{' '}
                          <Typography component="span" color="text.secondary">
                            {item.product_size}
                          </Typography>
                        </TableCell>
                        <TableCell data-label="Distributor" sx={{ whiteSpace: 'nowrap' }}>
                          {now ? distributorName(now.distributor) : ''}
                        </TableCell>
                        <TableCell
                          align="right"
                          data-label="In Stock"
                          sx={{ color: now && now.qty < 0 ? 'error.main' : undefined }}
                        >
                          {now ? now.qty : ''}
                        </TableCell>
                        <TableCell align="right" data-label="Qty">
                          <TextField
                            size="small"
                            value={item.qty}
                            onChange={(event) => {
                              const n = cellNumber(event.target.value);
                              if (n !== undefined && Number.isInteger(n) && n >= 1)
                                setItem(index, { qty: n });
                            }}
                            slotProps={{
                              htmlInput: { 'aria-label': `Qty of ${item.product}`, inputMode: 'numeric' },
                            }}
                            sx={{ width: 100 }}
                          />
                        </TableCell>
                        <TableCell align="right" data-label="After">
                          {now ? now.qty + item.qty : ''}
                          {now && now.reorder_level !== null && (
                            <Typography variant="caption" color="text.secondary" component="div" noWrap>
                              level {now.reorder_level}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell align="right" data-label="Item Cost">
                          {formatMoney(item.item_cost)}
                        </TableCell>
                        <TableCell align="right" data-label="Total">
                          {formatMoney(item.qty * item.item_cost)}
                        </TableCell>
                        <TableCell align="right">
                          <IconButton
                            aria-label={`Remove ${item.product}`}
                            onClick={() =>
                              setDraft((d) => ({
                                ...d,
                                key: newKey(),
                                items: d.items.filter((_, i) => i !== index),
                              }))
                            }
                          >
                            <DeleteOutline />
                          </IconButton>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2, alignItems: 'center' }}>
            <Typography sx={{ flex: '1 1 160px', whiteSpace: 'nowrap' }}>
              {units} units of {items} items
            </Typography>
            <Button variant="outlined" onClick={reset} disabled={saving.isLoading}>
              Reset List
            </Button>
            <Button
              variant="contained"
              onClick={() => void submit()}
              disabled={draft.items.length === 0 || saving.isLoading}
            >
              Save
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** /inventory/restock (as the client's specification asks). */
export default function RestockPage() {
  return (
    <>
      <PageHeader
        title="Re-stock"
        subtitle="Add what a supplier delivered: load the items awaiting reorder or pick products."
        actions={
          <RouterButton to="/inventory" variant="outlined">
            Back to Inventory
          </RouterButton>
        }
      />
      <FeatureGate feature="inventory">
        <Restock />
      </FeatureGate>
    </>
  );
}
