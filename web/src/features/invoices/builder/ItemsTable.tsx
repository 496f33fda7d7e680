import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatCents } from '../../../shared/format';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { lineName, type BuilderLine, type LineChange } from './builder-state';
import { LineDetails } from './LineDetails';
import { isBelowCost, lineAmounts, priceCents, priceText, quantity } from './invoice-math';

/** Number inputs: no spin buttons (they took the room of the digits), slim side padding. */
const NUMBER_INPUT_SX = {
  '& input': { px: 1.25 },
  '& .MuiInputBase-adornedStart': { pl: 1.25 },
  '& .MuiInputBase-adornedStart input': { pl: 0 },
  '& input[type=number]': { MozAppearance: 'textfield' },
  '& input::-webkit-outer-spin-button, & input::-webkit-inner-spin-button': {
    WebkitAppearance: 'none',
    m: 0,
  },
} as const;

/**
 * The invoice items (as the client's specification asks): qty (step 1, empty = 0), price (2 decimals),
 * taxable, on deal, the line total; move up / down unless the company sorts products; remove. Every control is
 * named after its product, so the table works from the keyboard and a screen reader.
 */
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
  /** The company stamps small formats per case */
  smallFormatStamps?: boolean;
}) {
  // below 900 px the lines are cards: a table of seven columns squeezed every field
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
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
  const rows = lines.map((line, index) => {
    const name = lineName(line.product);
    const amounts = lineAmounts(
      { qty: line.qty, price: line.price, taxable: line.taxable, type: line.product.product_type },
      rateBp,
    );
    const priceInvalid = priceCents(line.price) === null;
    return {
      line,
      index,
      name,
      amounts,
      qtyInvalid: quantity(line.qty) === null,
      priceInvalid,
      belowCost: !priceInvalid && isBelowCost(amounts.priceCents, line.costCents),
      problem: problems.get(line.key),
    };
  });
  type Row = (typeof rows)[number];

  const details = ({ line, belowCost, problem }: Row) => (
    <LineDetails
      line={line}
      belowCost={belowCost}
      problem={problem}
      stockWarning={stockWarnings?.get(line.key)}
      smallFormatStamps={smallFormatStamps}
    />
  );

  // Quantities up to 5 digits and prices up to 8 characters show in full: no spin buttons, slim padding.
  const qtyField = ({ line, name, qtyInvalid }: Row, label?: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      fullWidth
      value={line.qty}
      onChange={(event) => onChange(line.key, { qty: event.target.value })}
      error={qtyInvalid}
      helperText={qtyInvalid ? 'Whole bottles' : undefined}
      sx={NUMBER_INPUT_SX}
      slotProps={{
        htmlInput: { step: 1, inputMode: 'numeric', 'aria-label': `Quantity for ${name}` },
        formHelperText: { sx: { mx: 0 } },
      }}
    />
  );
  const priceField = ({ line, name, priceInvalid }: Row, label?: string) => (
    <TextField
      size="small"
      label={label}
      fullWidth
      value={line.price}
      inputRef={(element: HTMLInputElement | null) => priceRef(line.key, element)}
      onChange={(event) => onChange(line.key, { price: event.target.value })}
      onBlur={() => {
        const cents = priceCents(line.price);
        if (cents !== null) onChange(line.key, { price: priceText(cents) });
      }}
      error={priceInvalid}
      helperText={priceInvalid ? '2 decimals at most' : undefined}
      sx={NUMBER_INPUT_SX}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start" sx={{ mr: 0.5 }}>
              $
            </InputAdornment>
          ),
        },
        htmlInput: { inputMode: 'decimal', 'aria-label': `Price for ${name}` },
        formHelperText: { sx: { mx: 0 } },
      }}
    />
  );
  const taxableBox = ({ line, name }: Row) => (
    <Checkbox
      checked={line.taxable}
      onChange={(event) => onChange(line.key, { taxable: event.target.checked })}
      slotProps={{ input: { 'aria-label': `Taxable ${name}` } }}
    />
  );
  const onDealBox = ({ line, name }: Row) => (
    <Checkbox
      checked={line.onDeal}
      icon={<LocalOfferOutlined />}
      checkedIcon={<LocalOfferOutlined />}
      color="secondary"
      onChange={(event) => onChange(line.key, { onDeal: event.target.checked })}
      slotProps={{ input: { 'aria-label': `On deal ${name}` } }}
    />
  );
  const total = ({ line, amounts }: Row) => (
    <>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(amounts.totalCents)}
      </Typography>
      {line.taxable && amounts.taxCents !== 0 && (
        <Typography variant="caption" color="text.secondary">
          + {formatCents(amounts.taxCents)} tax
        </Typography>
      )}
    </>
  );
  const moveButtons = ({ line, name, index }: Row) => (
    <>
      <Tooltip title="Move up" placement="left">
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
      <Tooltip title="Move down" placement="left">
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
  );
  const removeButton = ({ line, name }: Row) => (
    <Tooltip title="Remove">
      <IconButton size="small" aria-label={`Remove ${name}`} onClick={() => onRemove(line.key)}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  // A phone: one card per line, the product's name across the card and its fields below, none squeezed.
  if (phone)
    return (
      <Box
        component="ul"
        aria-label="Invoice items"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={row.line.key}
            aria-label={row.name}
            sx={{
              border: 1,
              borderColor: row.problem ? 'error.light' : 'divider',
              borderRadius: 1,
              p: 1.5,
              ...(row.problem ? { bgcolor: '#fff5f5' } : {}),
            }}
          >
            {details(row)}
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1.4fr', gap: 1.5, mt: 1.5 }}>
              {qtyField(row, 'Qty')}
              {priceField(row, 'Price')}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                {taxableBox(row)}
                <Typography variant="body2" aria-hidden>
                  Taxable
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                {onDealBox(row)}
                <Typography variant="body2" aria-hidden>
                  On deal
                </Typography>
              </Box>
              <Box sx={{ ml: 'auto', textAlign: 'right' }}>{total(row)}</Box>
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
              {!sorted && moveButtons(row)}
              {removeButton(row)}
            </Box>
          </Box>
        ))}
      </Box>
    );

  return (
    // relative: the visually hidden header text stays inside the scrolling box (at 390 px it widened the page)
    <TableContainer sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="Invoice items" sx={{ minWidth: 640, tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow sx={{ '& th': { color: 'text.secondary', fontWeight: 600, px: 1 } }}>
            <TableCell>Product</TableCell>
            <TableCell sx={{ width: 96 }}>Qty</TableCell>
            <TableCell sx={{ width: 136 }}>Price</TableCell>
            <TableCell align="center" sx={{ width: 92, lineHeight: 1.2 }}>
              Taxable · On deal
            </TableCell>
            <TableCell align="right" sx={{ width: 112 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ width: sorted ? 44 : 80 }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.line.key}
              hover
              aria-label={row.name}
              sx={{
                verticalAlign: 'top',
                '& td': { py: 1.25, px: 1 },
                ...(row.problem ? { bgcolor: '#fff5f5' } : {}),
              }}
            >
              <TableCell>{details(row)}</TableCell>
              <TableCell>{qtyField(row)}</TableCell>
              <TableCell>{priceField(row)}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap', px: '0 !important' }}>
                {taxableBox(row)}
                {onDealBox(row)}
              </TableCell>
              <TableCell align="right" sx={{ pt: '17px !important', overflowWrap: 'anywhere' }}>
                {total(row)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: '4px !important' }}>
                {/* move up and down stacked, beside remove: the product keeps the width */}
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
                  {!sorted && <Box sx={{ display: 'flex', flexDirection: 'column' }}>{moveButtons(row)}</Box>}
                  {removeButton(row)}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
