import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { stampCaseSizeOf } from '#domain/invoices/invoice.rules';
import { formatMoney } from '../../../shared/format';
import type { BuilderLine } from './builder-state';
import { productType } from './invoice-math';

export const BELOW_COST_HINT = 'This item was invoiced below cost.';

const TYPE_COLORS: Record<string, 'primary' | 'secondary' | 'success' | 'default'> = {
  LIQUOR: 'primary',
  WINE: 'secondary',
  BEER: 'success',
};

/** The case size a line is stamped by, or undefined: one stamp per bottle. */
const perCase = (line: BuilderLine, smallFormatStamps: boolean) =>
  stampCaseSizeOf(
    {
      type: productType(line.product.product_type),
      size: line.product.product_size,
      caseSize: line.product.case_size,
    },
    smallFormatStamps,
  );

/**
 * A line's product as the items table and the phone's cards show it: name and size, type, UPC, stamped per case,
 * the customer's last price, then its stock warning, the below-cost hint and its message.
 */
export function LineDetails({
  line,
  belowCost,
  problem,
  stockWarning,
  smallFormatStamps,
}: {
  line: BuilderLine;
  belowCost: boolean;
  problem: string | undefined;
  stockWarning: string | undefined;
  smallFormatStamps: boolean;
}) {
  const type = productType(line.product.product_type);
  const caseSize = perCase(line, smallFormatStamps);
  return (
    <>
      <Typography sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
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
        {caseSize && (
          <Typography variant="caption" color="text.secondary">
            · stamped per case of {caseSize}
          </Typography>
        )}
        {line.lastInvoicedPrice !== null && (
          <Typography variant="caption" color="text.secondary">
            · last invoiced at {formatMoney(line.lastInvoicedPrice)}
          </Typography>
        )}
      </Box>
      {stockWarning && (
        <Typography variant="caption" color="warning.dark" sx={{ display: 'block', mt: 0.5 }}>
          {stockWarning}
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
    </>
  );
}
