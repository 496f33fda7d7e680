import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatCents, formatMoney } from '../../../shared/format';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { lineName, type BuilderLine } from './builder-state';
import { stampCaseSizeOf } from '#domain/invoices/invoice.rules';
import { isBelowCost, lineAmounts, priceCents, priceText, productType, quantity } from './invoice-math';

export const BELOW_COST_HINT = 'This item was invoiced below cost.';

const TYPE_COLORS: Record<string, 'primary' | 'secondary' | 'success' | 'default'> = {
  LIQUOR: 'primary',
  WINE: 'secondary',
  BEER: 'success',
};

export interface LineChange {
  qty?: string;
  price?: string;
  taxable?: boolean;
  onDeal?: boolean;
}

/**
 * The invoice items (spec 000 §3 Invoice item, §5 Invoice items): qty (step 1, empty = 0), price (2 decimals),
 * taxable, on deal, the line total; move up / down unless the company sorts products; remove. Every control is
 * named after its product, so the table works from the keyboard and a screen reader.
 */
/** The case size a line is stamped by (issue 18 §3), or undefined: one stamp per bottle. */
const perCase = (line: BuilderLine, smallFormatStamps: boolean) =>
  stampCaseSizeOf(
    {
      type: productType(line.product.product_type),
      size: line.product.product_size,
      caseSize: line.product.case_size,
    },
    smallFormatStamps,
  );

export function ItemsTable({
  lines,
  rateBp,
  sorted,
  problems,
  onChange,
  onMove,
  onRemove,
  priceRef,
  stockWarnings,
  smallFormatStamps = false,
}: {
  lines: BuilderLine[];
  rateBp: number;
  /** the company sorts products: no reordering */
  sorted: boolean;
  /** a message per line key (beer mix, server details) */
  problems: Map<string, string>;
  onChange: (key: string, change: LineChange) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
  /** the price input of a line, for 'Fix Price' */
  priceRef: (key: string, element: HTMLInputElement | null) => void;
  /** a stock warning per line key (inventory feature) */
  stockWarnings?: Map<string, string>;
  /** issue 18 §3: the company stamps small formats per case */
  smallFormatStamps?: boolean;
}) {
  if (lines.length === 0) {
    return (
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          gap: 1,
          py: 5,
          color: 'text.secondary',
          border: 1,
          borderColor: 'divider',
          borderStyle: 'dashed',
          borderRadius: 1,
        }}
      >
        <Inventory2Outlined aria-hidden sx={{ fontSize: 40, color: 'text.disabled' }} />
        <Typography>No items yet. Search for a product above, or scan its barcode.</Typography>
      </Box>
    );
  }
  return (
    // relative: the visually hidden header text stays inside the scrolling box (at 390 px it widened the page)
    <TableContainer sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="Invoice items" sx={{ minWidth: 700, tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow
            sx={{ '& th': { color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap', px: 1 } }}
          >
            <TableCell sx={{ width: 36 }}>#</TableCell>
            <TableCell>Product</TableCell>
            <TableCell sx={{ width: 84 }}>Qty</TableCell>
            <TableCell sx={{ width: 124 }}>Price</TableCell>
            <TableCell align="center" sx={{ width: 68 }}>
              Taxable
            </TableCell>
            <TableCell align="center" sx={{ width: 68 }}>
              On deal
            </TableCell>
            <TableCell align="right" sx={{ width: 104 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ width: sorted ? 48 : 112 }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => {
            const name = lineName(line.product);
            const amounts = lineAmounts(
              { qty: line.qty, price: line.price, taxable: line.taxable, type: line.product.product_type },
              rateBp,
            );
            const qtyInvalid = quantity(line.qty) === null;
            const priceInvalid = priceCents(line.price) === null;
            const belowCost = !priceInvalid && isBelowCost(amounts.priceCents, line.costCents);
            const problem = problems.get(line.key);
            const type = productType(line.product.product_type);
            return (
              <TableRow
                key={line.key}
                hover
                aria-label={name}
                sx={{
                  verticalAlign: 'top',
                  '& td': { py: 1.25 },
                  ...(problem ? { bgcolor: '#fff5f5' } : {}),
                }}
              >
                <TableCell sx={{ color: 'text.secondary', pt: '18px !important' }}>{index + 1}</TableCell>
                <TableCell>
                  <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                    {line.product.product}{' '}
                    <Typography component="span" color="text.secondary">
                      {line.product.product_size}
                    </Typography>
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.5 }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={TYPE_COLORS[type] ?? 'default'}
                      label={type === 'N/A' ? 'Non-alcoholic' : type.charAt(0) + type.slice(1).toLowerCase()}
                      sx={{ height: 20, fontSize: 12 }}
                    />
                    {line.product.upc && (
                      <Typography variant="caption" color="text.secondary">
                        UPC {line.product.upc}
                      </Typography>
                    )}
                    {perCase(line, smallFormatStamps) && (
                      <Typography variant="caption" color="text.secondary">
                        · stamped per case of {perCase(line, smallFormatStamps)}
                      </Typography>
                    )}
                    {line.lastInvoicedPrice !== null && (
                      <Typography variant="caption" color="text.secondary">
                        · last invoiced at {formatMoney(line.lastInvoicedPrice)}
                      </Typography>
                    )}
                  </Box>
                  {stockWarnings?.get(line.key) && (
                    <Typography variant="caption" color="warning.dark" sx={{ display: 'block', mt: 0.5 }}>
                      {stockWarnings.get(line.key)}
                    </Typography>
                  )}
                  {belowCost && (
                    <Typography variant="caption" color="warning.dark" sx={{ display: 'block', mt: 0.5 }}>
                      {BELOW_COST_HINT}
                    </Typography>
                  )}
                  {problem && (
                    <Typography
                      variant="caption"
                      color="error"
                      role="alert"
                      sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}
                    >
                      {problem}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    type="number"
                    value={line.qty}
                    onChange={(event) => onChange(line.key, { qty: event.target.value })}
                    error={qtyInvalid}
                    helperText={qtyInvalid ? 'Whole bottles' : undefined}
                    slotProps={{
                      htmlInput: { step: 1, inputMode: 'numeric', 'aria-label': `Quantity for ${name}` },
                      formHelperText: { sx: { mx: 0 } },
                    }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={line.price}
                    inputRef={(element: HTMLInputElement | null) => priceRef(line.key, element)}
                    onChange={(event) => onChange(line.key, { price: event.target.value })}
                    onBlur={() => {
                      const cents = priceCents(line.price);
                      if (cents !== null) onChange(line.key, { price: priceText(cents) });
                    }}
                    error={priceInvalid}
                    helperText={priceInvalid ? '2 decimals at most' : undefined}
                    slotProps={{
                      input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                      htmlInput: { inputMode: 'decimal', 'aria-label': `Price for ${name}` },
                      formHelperText: { sx: { mx: 0 } },
                    }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={line.taxable}
                    onChange={(event) => onChange(line.key, { taxable: event.target.checked })}
                    slotProps={{ input: { 'aria-label': `Taxable ${name}` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={line.onDeal}
                    icon={<LocalOfferOutlined />}
                    checkedIcon={<LocalOfferOutlined />}
                    color="secondary"
                    onChange={(event) => onChange(line.key, { onDeal: event.target.checked })}
                    slotProps={{ input: { 'aria-label': `On deal ${name}` } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ pt: '17px !important' }}>
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {formatCents(amounts.totalCents)}
                  </Typography>
                  {line.taxable && amounts.taxCents !== 0 && (
                    <Typography variant="caption" color="text.secondary">
                      + {formatCents(amounts.taxCents)} tax
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {!sorted && (
                    <>
                      <Tooltip title="Move up">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Move ${name} up`}
                            disabled={index === 0}
                            onClick={() => onMove(line.key, -1)}
                          >
                            <ArrowUpwardOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="Move down">
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Move ${name} down`}
                            disabled={index === lines.length - 1}
                            onClick={() => onMove(line.key, 1)}
                          >
                            <ArrowDownwardOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </>
                  )}
                  <Tooltip title="Remove">
                    <IconButton size="small" aria-label={`Remove ${name}`} onClick={() => onRemove(line.key)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
