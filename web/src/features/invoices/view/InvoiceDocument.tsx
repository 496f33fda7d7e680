import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Company, Logo } from '../../../shared/company/company.api';
import { formatMoney } from '../../../shared/format';
import { useLogoImage } from '../../settings/use-logo-image';
import type { Invoice } from '../invoices.api';
import { INVOICE_MESSAGES } from './invoice-display';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { FintechBadge } from '../../integrations/FintechPanel';
import { CustomerLink } from '../../customers/CustomerLink';
import { PHONE_ONLY, WIDE_ONLY } from '../../../shared/ui/wide-only';

function LogoImage({ logo }: { logo: Logo }) {
  const image = useLogoImage(logo.path);
  if (image.status !== 'ready') return <Box sx={{ width: 200, height: 64 }} aria-hidden />;
  return (
    <Box
      component="img"
      src={image.url}
      alt={`${logo.originalname} logo`}
      sx={{ display: 'block', maxWidth: 200, maxHeight: 100, objectFit: 'contain', mb: 1.5 }}
    />
  );
}

const Label = ({ children }: { children: ReactNode }) => (
  <Typography
    variant="overline"
    color="text.secondary"
    sx={{ display: 'block', lineHeight: 1.6, letterSpacing: '0.08em', fontWeight: 600 }}
  >
    {children}
  </Typography>
);

/** The company that issued the invoice: logo, name, address and TABC id. */
function CompanyBlock({ company, logo }: { company: Company | undefined; logo: Logo | undefined }) {
  return (
    <Box component="section" aria-label="Company" sx={{ minWidth: 0 }}>
      {logo && <LogoImage logo={logo} />}
      {company && (
        <>
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>{company.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {company.address}
            <br />
            {[company.city, [company.state, company.zip].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ')}
          </Typography>
          {company.tabc_id && (
            <Typography variant="body2" color="text.secondary">
              TABC ID {company.tabc_id}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/** The customer block: name, TABC id and address. */
function CustomerBlock({ invoice }: { invoice: Invoice }) {
  const { customer } = invoice;
  return (
    <Box component="section" aria-label="Customer" sx={{ minWidth: 0 }}>
      <Label>Bill To</Label>
      <Typography sx={{ fontWeight: 700 }}>
        <CustomerLink customerId={invoice.customer_id} name={customer.name} sx={{ fontWeight: 700 }} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        TABC ID {customer.display_tabc_id}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {customer.address}
        <br />
        {[customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </Typography>
    </Box>
  );
}

function ItemsTable({ invoice }: { invoice: Invoice }) {
  return (
    // focusable: should a long line still be wider than the screen, a keyboard must be able to scroll it (axe
    // scrollable-region-focusable)
    <TableContainer tabIndex={0} role="region" aria-label="Invoice items">
      <Table
        size="small"
        aria-label="Items"
        sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell align="right" sx={{ width: 64 }}>
              Qty
            </TableCell>
            <TableCell>Product</TableCell>
            <TableCell sx={WIDE_ONLY}>Size</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Price
            </TableCell>
            <TableCell align="center" sx={WIDE_ONLY}>
              Taxable
            </TableCell>
            <TableCell align="right">Line Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.items.map((item) => (
            <TableRow key={item.id} sx={{ '& td': { py: 1.25, verticalAlign: 'top' } }}>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {item.qty}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.product.product}
                  </Typography>
                  {item.on_deal && <Chip size="small" label="On deal" color="secondary" variant="outlined" />}
                </Box>
                <Typography variant="body2" sx={{ ...PHONE_ONLY, fontVariantNumeric: 'tabular-nums' }}>
                  {item.product.product_size} · {item.qty} × {formatMoney(item.price)}
                  {item.taxable ? ' · taxed' : ' · not taxed'}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {[item.product.product_type, item.product.upc ? `UPC ${item.product.upc}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {item.below_cost && (
                  <Typography
                    variant="caption"
                    role="note"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.5,
                      color: 'warning.dark',
                      fontWeight: 600,
                    }}
                  >
                    <WarningAmberRounded sx={{ fontSize: 16 }} aria-hidden />
                    {INVOICE_MESSAGES.belowCost}
                  </Typography>
                )}
                {/* a line made from a reviewed order item: its review */}
                {item.previousQty != null && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    Quantity changed from {item.previousQty} to {item.newQty}
                    {item.qtyChangeNote ? `: ${item.qtyChangeNote}` : ''}
                  </Typography>
                )}
                {item.previousPrice != null && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    Price changed from {formatMoney(item.previousPrice)} to {formatMoney(item.newPrice ?? 0)}
                    {item.priceChangeNote ? `: ${item.priceChangeNote}` : ''}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{item.product.product_size}</TableCell>
              <TableCell align="right" sx={{ ...WIDE_ONLY, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(item.price)}
              </TableCell>
              <TableCell align="center" sx={WIDE_ONLY}>
                {item.taxable ? 'Yes' : 'No'}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {formatMoney(item.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TotalsRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box
      component="div"
      role="row"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 4,
        py: 0.5,
        // the rule above the total is the row's border: a table holds only rows (no <hr>, WCAG aria-required-children)
        ...(strong && { pt: 1, mt: 0.5, borderTop: 1, borderColor: 'divider' }),
      }}
    >
      <Typography
        role="rowheader"
        variant={strong ? 'body1' : 'body2'}
        sx={{ fontWeight: strong ? 700 : 400 }}
        color={strong ? 'text.primary' : 'text.secondary'}
      >
        {label}
      </Typography>
      <Typography
        role="cell"
        variant={strong ? 'body1' : 'body2'}
        sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function Totals({ invoice }: { invoice: Invoice }) {
  return (
    <Box role="table" aria-label="Totals" sx={{ ml: 'auto', width: { xs: '100%', sm: 300 } }}>
      <TotalsRow label="Subtotal" value={formatMoney(invoice.sub_total)} />
      <TotalsRow label={`Tax (${invoice.tax_rate}%)`} value={formatMoney(invoice.tax_total)} />
      <TotalsRow label="Total" value={formatMoney(invoice.total)} strong />
      {invoice.credited > 0 && (
        <>
          <TotalsRow label="Credited" value={`−${formatMoney(invoice.credited)}`} />
          <TotalsRow
            label="Total after credits"
            value={formatMoney(invoice.total - invoice.credited)}
            strong
          />
        </>
      )}
    </Box>
  );
}

/**
 * The invoice as a document (as the client's specification asks): logo and company, status and badges, the editable
 * status and dates (`details`), the customer block, the items and the totals, and the note to the customer.
 */
export function InvoiceDocument({
  invoice,
  company,
  details,
}: {
  invoice: Invoice;
  company: Company | undefined;
  details: ReactNode;
}) {
  const logoId = invoice.logo_id ?? company?.default_logo_id ?? null;
  const logo = company?.logos.find((l) => l.id === logoId);
  return (
    <Card component="article" aria-label={`Invoice #${invoice.number}`}>
      <CardContent sx={{ p: { xs: 2, sm: 4 }, '&:last-child': { pb: { xs: 2, sm: 4 } } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
          <CompanyBlock company={company} logo={logo} />
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <Typography
              sx={{
                fontSize: '0.8125rem',
                letterSpacing: '0.16em',
                fontWeight: 700,
                color: 'text.secondary',
              }}
            >
              INVOICE
            </Typography>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
              #{invoice.number}
            </Typography>
            <Box
              sx={{ display: 'flex', gap: 1, mt: 1, justifyContent: { sm: 'flex-end' }, flexWrap: 'wrap' }}
            >
              <InvoiceStatusChip status={invoice.status} />
              {invoice.customer.cash_on_delivery && (
                <Chip
                  size="small"
                  icon={<LocalShippingOutlined />}
                  label="COD"
                  title="Cash on delivery"
                  aria-label="Cash on delivery"
                  sx={{
                    fontWeight: 700,
                    bgcolor: '#fff6e5',
                    color: '#b54708',
                    '& .MuiChip-icon': { color: '#b54708' },
                  }}
                />
              )}
              <FintechBadge customerId={invoice.customer_id} />
              {invoice.beer && <Chip size="small" label="Beer" variant="outlined" />}
            </Box>
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' },
            alignItems: 'start',
          }}
        >
          <CustomerBlock invoice={invoice} />
          <Box component="section" aria-label="Invoice details">
            {details}
          </Box>
        </Box>
        <Box sx={{ mt: 4, mb: 2 }}>
          <ItemsTable invoice={invoice} />
        </Box>
        <Totals invoice={invoice} />
        {invoice.note && (
          <Box
            component="section"
            aria-label="Note"
            sx={{ mt: 3, p: 2, bgcolor: 'background.default', borderRadius: 1 }}
          >
            <Label>Note</Label>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {invoice.note}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
