import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { formatDate } from '../../../shared/format';
import { useInvoiceChecksQuery, type InvoiceChecks } from '../credit-law.api';

interface CheckedLine {
  product: { product_type: string };
  qty: string;
}

const hasType = (lines: readonly CheckedLine[], ...types: string[]) =>
  lines.some((line) => types.includes(line.product.product_type.toUpperCase()) && Number(line.qty) > 0);

/** The builder's checks for the chosen customer and invoice date; nothing until a customer is chosen. */
export function useInvoiceChecks(customerId: string | undefined, invoicedAt: string) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(invoicedAt);
  const { data } = useInvoiceChecksQuery(
    { customerId: customerId ?? '', ...(valid ? { invoicedAt } : {}) },
    { skip: !customerId, refetchOnMountOrArgChange: true },
  );
  return customerId ? data : undefined;
}

/** The statutory due date beside the user's, for liquor or wine on credit (not beer, not cash on delivery). */
export function creditLawDueNote(checks: InvoiceChecks | undefined, lines: readonly CheckedLine[]) {
  if (!checks?.statutory_due_at || checks.cash_on_delivery) return undefined;
  if (!hasType(lines, 'LIQUOR', 'WINE') || hasType(lines, 'BEER')) return undefined;
  return `Credit law: due ${formatDate(checks.statutory_due_at)}, late after ${formatDate(checks.last_day_to_pay!)}`;
}

/**
 * The delinquent-list gate as the builder applies it before saving: a new liquor or wine invoice on credit (not beer,
 * not a cash-on-delivery customer) to a listed retailer once the listing is in effect. The server refuses it too
 * (409); edits of an existing invoice are not a new sale.
 */
export function delinquentRefusal(
  checks: InvoiceChecks | undefined,
  lines: readonly CheckedLine[],
  editing: boolean,
): string | undefined {
  if (editing || !checks?.delinquent?.refused) return undefined;
  if (!hasType(lines, 'LIQUOR', 'WINE') || hasType(lines, 'BEER')) return undefined;
  return checks.delinquent.message;
}

/**
 * Before saving: the customer on the credit-law delinquent list (from its effective date, 12:01 a.m.; before it, when
 * it takes effect): a sale of liquor or wine on credit is refused (`refusal`: the save is blocked), otherwise it is said
 * what is coming or which override lifts it. And the licence guard's warning when the invoice carries liquor
 * (stamped). Advisory: the user may go on, and the licence warning is recorded on the invoice; blocking: the save is
 * refused.
 */
export function InvoiceChecksAlerts({
  checks,
  lines,
  refusal,
}: {
  checks: InvoiceChecks | undefined;
  lines: readonly CheckedLine[];
  refusal?: string;
}) {
  if (!checks) return null;
  const licence = checks.licence && hasType(lines, 'LIQUOR') ? checks.licence : null;
  if (!checks.delinquent && !licence) return null;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      {checks.delinquent && refusal ? (
        <Alert severity="error" role="alert" aria-label="Credit-law delinquent list">
          <AlertTitle>Cannot be sold on credit: on the TABC delinquent list</AlertTitle>
          {refusal}
        </Alert>
      ) : checks.delinquent ? (
        <Alert
          severity={checks.delinquent.override ? 'info' : checks.delinquent.in_effect ? 'error' : 'warning'}
          aria-label="Credit-law delinquent list"
        >
          <AlertTitle>
            {checks.delinquent.override
              ? 'On the TABC delinquent list: override recorded'
              : checks.delinquent.in_effect
                ? 'On the TABC delinquent list'
                : `On the TABC delinquent list from ${formatDate(checks.delinquent.effective_date!)}`}
          </AlertTitle>
          {checks.delinquent.message}
        </Alert>
      ) : null}
      {licence && (
        <Alert severity={licence.blocking ? 'error' : 'warning'} aria-label="TABC licence check">
          <AlertTitle>
            {licence.blocking
              ? 'Stamped liquor cannot be invoiced to this customer'
              : 'Check the TABC licence'}
          </AlertTitle>
          {licence.message}{' '}
          {licence.blocking
            ? 'The licence check is blocking in the TABC compliance settings.'
            : 'If you save anyway, the warning is recorded on the invoice.'}
        </Alert>
      )}
    </Stack>
  );
}
