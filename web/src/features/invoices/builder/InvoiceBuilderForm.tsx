import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInventoryStockQuery } from '../../inventory/inventory.api';
import { stockWarning } from '../../inventory/stock-warning';
import { useFeature } from '../../../shared/feature-gate/use-feature';
import { Recommendations } from './Recommendations';
import { InvoiceUploadDialog, INVOICE_UPLOAD_TEXTS } from '../../integrations/InvoiceUploadDialog';
import type { ConvertedInvoice } from '../../integrations/integrations.api';
import { Link as RouterLink, useBlocker, useNavigate } from 'react-router-dom';
import { businessDate } from '#domain/shared/business-date';
import type { Company } from '../../../shared/company/company.api';
import { useCompliancePolicy } from '../../../shared/company/compliance.api';
import { formatDate } from '../../../shared/format';
import { ProblemAlert } from '../../../shared/forms/ProblemAlert';
import { DueDateField } from './DueDateField';
import { creditLawDueNote, InvoiceChecksAlerts, useInvoiceChecks } from './InvoiceChecks';
import { fieldErrors, problemMessages, toProblem } from '../../../shared/problem';
import { toast } from '../../../shared/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { CustomerBanners } from '../../customers/CustomerBanners';
import { AddRollForm } from '../../stamps/AddRollForm';
import { useStampRemainingQuery } from '../../stamps/stamps.api';
import {
  INVOICE_STATUS_LABELS,
  invoicesApi,
  useCreateInvoiceMutation,
  useReplaceInvoiceMutation,
  useNewInvoiceNumberQuery,
  useUpdateInvoiceMutation,
  type DuplicateInvoiceProblem,
  type Invoice,
} from '../invoices.api';
import type { ProductSuggestion } from './builder.api';
import {
  addProduct,
  invoiceBody,
  lineFromItem,
  lineFromSuggestion,
  lineKey,
  lineName,
  moveLine,
  sortedLines,
  type BuilderLine,
  type BuilderValues,
} from './builder-state';
import { BUILDER_MESSAGES, newIdempotencyKey } from './builder-messages';
import { CustomerField } from './CustomerField';
import {
  beerMixMessage,
  beerMixMessages,
  dollarsToCents,
  dueOnDelivery,
  invoiceTotals,
  isBeer,
  isBelowCost,
  latestDueDate,
  latestInvoiceDate,
  priceCents,
  quantity,
  rateBasisPoints,
  stampsNeeded,
} from './invoice-math';
import { ItemsTable, type LineChange } from './ItemsTable';
import { LogoField } from './LogoField';
import { ProductSearch } from './ProductSearch';
import { BelowCostDialog, DuplicateDialog, ZeroPriceDialog, type BelowCostLine } from './SaveDialogs';
import { StampsPanel } from './StampsPanel';
import { TotalsCard } from './TotalsCard';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `builder-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Typography id={id} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The body field a builder value is sent as (its server message goes away once the user changes it). */
const SERVER_FIELDS: Partial<Record<keyof BuilderValues, string>> = {
  customer: 'customer_id',
  invoicedAt: 'invoiced_at',
  dueAt: 'due_at',
  note: 'note',
  companyNote: 'company_note',
  logoId: 'logo_id',
};

type Step =
  | { kind: 'editing' }
  | { kind: 'zero-price'; products: string[] }
  | { kind: 'below-cost'; lines: BelowCostLine[] }
  | { kind: 'saving' }
  | { kind: 'duplicate'; existing: Invoice; message: string };

const isDuplicate = (error: unknown): DuplicateInvoiceProblem | null => {
  const data = (error as { status?: unknown; data?: unknown } | null)?.data as
    Partial<DuplicateInvoiceProblem> | undefined;
  return (error as { status?: unknown })?.status === 409 && data?.invoice
    ? (data as DuplicateInvoiceProblem)
    : null;
};

/**
 * The invoice builder (as the client's specification asks): customer, dates,
 * notes, logo, items with live totals, stamps, and the save with its prompts (zero price, below cost, duplicate)
 * and the server's error list. What the user typed is kept whatever the answer.
 */
export function InvoiceBuilderForm({
  company,
  initial,
  invoice,
  cloneOf,
  fromOrder,
  replaces,
}: {
  company: Company;
  initial: BuilderValues;
  /** Create Invoice on an order: the invoice names the order (and the order the invoice) */
  fromOrder?: { id: string; number: number };
  /** the invoice being edited */
  invoice?: Invoice;
  /** the number of the invoice this one copies */
  cloneOf?: string;
  /** 'Replace' on a cancelled invoice: saved as its replacement, the two naming each other */
  replaces?: { id: string; number: string };
}) {
  const navigate = useNavigate();
  const editing = invoice !== undefined;
  const [values, setValues] = useState<BuilderValues>(initial);
  const [step, setStep] = useState<Step>({ kind: 'editing' });
  const [problem, setProblem] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  /** server messages on lines, by line key */
  const [lineProblems, setLineProblems] = useState<Map<string, string>>(new Map());
  const [replaceWith, setReplaceWith] = useState<Invoice | null>(null);
  const [uploading, setUploading] = useState(false);
  const withFintech = useFeature('fintech').active;
  const idempotencyKey = useRef<string | null>(null);
  const priceInputs = useRef(new Map<string, HTMLInputElement>());
  const searchInput = useRef<HTMLInputElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  /** set once saved: the navigation to the saved invoice is not a loss of work */
  const saved = useRef(false);
  const linesRef = useRef(values.lines);
  linesRef.current = values.lines;

  const [createInvoice] = useCreateInvoiceMutation();
  const [replaceInvoice] = useReplaceInvoiceMutation();
  const [updateInvoice] = useUpdateInvoiceMutation();
  const [loadLast, lastInvoice] = invoicesApi.useLazyLastInvoiceQuery();
  const remaining = useStampRemainingQuery();
  const rollMissing = remaining.data?.rollCount === 0;
  const customerId = values.customer?.id;
  const nextNumber = useNewInvoiceNumberQuery(customerId, { skip: editing });
  const checks = useInvoiceChecks(customerId, values.invoicedAt);

  const today = businessDate(new Date().toISOString(), company.time_zone);
  const ratePercent = invoice?.tax_rate ?? company.tax_rate;
  const rateBp = rateBasisPoints(ratePercent);
  const sorted = company.sort_inv_products;
  const shownLines = useMemo(
    () => (sorted ? sortedLines(values.lines) : values.lines),
    [sorted, values.lines],
  );
  const lineInputs = values.lines.map((line) => ({
    qty: line.qty,
    price: line.price,
    taxable: line.taxable,
    type: line.product.product_type,
    size: line.product.product_size,
    caseSize: line.product.case_size ?? null,
  }));
  const totals = invoiceTotals(lineInputs, rateBp);
  // Small formats one stamp per case: the owner's setting (staff cannot read it: per bottle here, the
  // server counts by the setting either way).
  const smallFormatStamps = useCompliancePolicy().data?.small_format_stamps ?? false;
  const needed = stampsNeeded(lineInputs, smallFormatStamps);
  const bottles = values.lines.reduce((sum, line) => sum + Math.max(0, quantity(line.qty) ?? 0), 0);
  const beer = editing ? invoice.beer : isBeer(lineInputs);

  // A new submit (new idempotency key) once anything changes; a retry of the same values keeps the key.
  useEffect(() => {
    idempotencyKey.current = null;
  }, [values]);
  useEffect(() => {
    if (problem.length) problemRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [problem]);

  // Stock warnings (inventory feature): per product over all its lines; an edited invoice's own units
  // are already out of stock, so they count as available to it.
  const withInventory = useFeature('inventory').active;
  const withRecommendations = useFeature('ai').active;
  const productIds = [...new Set(values.lines.map((line) => line.product.id))].sort();
  const stock = useInventoryStockQuery(productIds, { skip: !withInventory || productIds.length === 0 });
  const stockWarnings = useMemo(() => {
    const warnings = new Map<string, string>();
    if (!withInventory || !stock.data) return warnings;
    const requested = new Map<string, number>();
    for (const line of values.lines)
      requested.set(
        line.product.id,
        (requested.get(line.product.id) ?? 0) + Math.max(0, quantity(line.qty) ?? 0),
      );
    const held = new Map<string, number>();
    if (invoice && invoice.status !== 'cancelled')
      for (const item of invoice.items)
        held.set(item.product_id, (held.get(item.product_id) ?? 0) + item.qty);
    for (const line of values.lines) {
      const message = stockWarning(
        stock.data.find((row) => row.product_id === line.product.id),
        requested.get(line.product.id) ?? 0,
        held.get(line.product.id) ?? 0,
      );
      if (message) warnings.set(line.key, message);
    }
    return warnings;
  }, [withInventory, stock.data, values.lines, invoice]);

  /** Messages per line: beer mixed with liquor & wine (as the server reads the lines), then the server's. */
  const problems = useMemo(() => {
    const byIndex = beerMixMessages(
      values.lines.map((line) => ({ type: line.product.product_type })),
      editing ? invoice.beer : undefined,
    );
    const map = new Map(lineProblems);
    byIndex.forEach((message, index) => {
      const line = values.lines[index];
      if (line) map.set(line.key, message);
    });
    return map;
  }, [values.lines, lineProblems, editing, invoice]);

  const set = <K extends keyof BuilderValues>(key: K, value: BuilderValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field = SERVER_FIELDS[key];
    if (field && fields[field]) setFields(({ [field]: _, ...rest }) => rest);
  };

  const setLines = (update: (lines: BuilderLine[]) => BuilderLine[]) =>
    setValues((current) => ({ ...current, lines: update(current.lines) }));

  const pick = (product: ProductSuggestion): string | null => {
    const mix = beerMixMessage(
      linesRef.current.map((line) => ({ type: line.product.product_type })),
      product.product_type,
      editing ? invoice.beer : undefined,
    );
    if (mix) return mix;
    setLines((lines) => addProduct(lines, lineFromSuggestion(product)));
    return null;
  };

  const changeLine = (key: string, change: LineChange) => {
    setLines((lines) => lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
    if (lineProblems.has(key)) {
      const next = new Map(lineProblems);
      next.delete(key);
      setLineProblems(next);
    }
  };

  const fixPrice = (key?: string) => {
    setStep({ kind: 'editing' });
    const input = key ? priceInputs.current.get(key) : undefined;
    window.setTimeout(() => {
      input?.focus();
      input?.select();
    }, 50);
  };

  const replicate = async () => {
    if (!customerId) return;
    try {
      const last = await loadLast(customerId).unwrap();
      if (values.lines.length > 0) setReplaceWith(last);
      else copyFrom(last);
    } catch (error) {
      const status = toProblem(error)?.status;
      if (status === 404) toast.warning(BUILDER_MESSAGES.noLastInvoice);
      else toast.error(BUILDER_MESSAGES.replicateFailed);
    }
  };

  /** Upload Invoice: the file's items (and its customer and date when it names them) replace the builder's. */
  const fromFile = (converted: ConvertedInvoice) => {
    setValues((current) => ({
      ...current,
      customer: converted.customer
        ? {
            id: converted.customer.id,
            name: converted.customer.name,
            city: converted.customer.city,
            tabc_id: converted.customer.display_tabc_id,
          }
        : current.customer,
      invoicedAt: converted.invoiced_at ?? current.invoicedAt,
      lines: converted.items.map((item) => ({
        key: lineKey(),
        product: item.product,
        qty: String(item.qty),
        price: item.price,
        taxable: item.taxable,
        onDeal: item.on_deal,
        costCents: dollarsToCents(Number(item.product.last_purchase_price)),
        lastInvoicedPrice: null,
      })),
    }));
    setUploading(false);
    const from = converted.reference ? ` of invoice #${converted.reference}` : '';
    toast.success(`Added the ${converted.items.length} item(s)${from} from the file.`);
    for (const warning of converted.warnings) toast.warning(warning);
  };

  const copyFrom = (source: Invoice) => {
    setValues((current) => ({
      ...current,
      note: source.note,
      lines: [...source.items].sort((a, b) => a.position - b.position).map(lineFromItem),
    }));
    setReplaceWith(null);
    toast.success(`Copied the items of invoice #${source.number}.`);
  };

  /** The checks the browser can make; the server checks the rest and answers the same messages. */
  const validate = (): boolean => {
    const messages: string[] = [];
    const nextFields: Record<string, string> = {};
    if (!values.customer) {
      nextFields.customer_id = BUILDER_MESSAGES.customerRequired;
      messages.push(BUILDER_MESSAGES.customerRequired);
    }
    if (values.lines.length === 0) messages.push(BUILDER_MESSAGES.itemsRequired);
    if (values.lines.some((line) => quantity(line.qty) === null || priceCents(line.price) === null))
      messages.push(BUILDER_MESSAGES.fixLines);
    messages.push(...new Set(problems.values()));
    setFields(nextFields);
    setProblem(messages);
    return messages.length === 0;
  };

  const submit = () => {
    if (step.kind === 'saving') return;
    setLineProblems(new Map());
    if (!validate()) return;
    const free = values.lines.filter((line) => priceCents(line.price) === 0);
    if (free.length > 0) {
      setStep({ kind: 'zero-price', products: free.map((line) => lineName(line.product)) });
      return;
    }
    checkCost();
  };

  const checkCost = () => {
    const below = values.lines.flatMap((line): BelowCostLine[] => {
      const cents = priceCents(line.price) ?? 0;
      return cents > 0 && isBelowCost(cents, line.costCents)
        ? [{ key: line.key, name: lineName(line.product), costCents: line.costCents!, priceCents: cents }]
        : [];
    });
    if (below.length > 0) setStep({ kind: 'below-cost', lines: below });
    else void save(false);
  };

  const save = async (force: boolean) => {
    setStep({ kind: 'saving' });
    const sent = values.lines;
    const body = fromOrder ? { ...invoiceBody(values), order_id: fromOrder.id } : invoiceBody(values);
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const invoiceSaved = editing
        ? await updateInvoice({ id: invoice.id, body }).unwrap()
        : replaces
          ? await replaceInvoice({
              cancelledId: replaces.id,
              body,
              idempotencyKey: idempotencyKey.current,
            }).unwrap()
          : await createInvoice({
              body: force ? { ...body, force: true } : body,
              idempotencyKey: idempotencyKey.current,
            }).unwrap();
      toast.success(
        editing
          ? `Invoice #${invoiceSaved.number} saved.`
          : replaces
            ? `Invoice #${invoiceSaved.number} created, replacing cancelled invoice #${replaces.number}.`
            : `Invoice #${invoiceSaved.number} created.`,
      );
      saved.current = true;
      navigate(`/invoice/${encodeURIComponent(invoiceSaved.number)}`);
    } catch (error) {
      const duplicate = isDuplicate(error);
      if (duplicate && !editing) {
        setStep({ kind: 'duplicate', existing: duplicate.invoice, message: duplicate.message });
        return;
      }
      setStep({ kind: 'editing' });
      const details = toProblem(error);
      const byField = fieldErrors(details);
      setFields(byField);
      const onLines = new Map<string, string>();
      for (const detail of details?.details ?? []) {
        const index = /^items\.(\d+)/.exec(detail.field)?.[1];
        const line = index === undefined ? undefined : sent[Number(index)];
        if (line && !onLines.has(line.key)) onLines.set(line.key, detail.message);
      }
      setLineProblems(onLines);
      setProblem(
        details?.status === 0
          ? ['The server could not be reached. Your invoice is still here: try again.']
          : problemMessages(details, BUILDER_MESSAGES.saveFailed),
      );
    }
  };

  // Unsaved lines (added, changed or removed since the builder opened): leaving the builder (a link, Back, the
  // browser's back) asks first; closing the tab too.
  const unsaved = values.lines !== initial.lines && !saved.current;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const saving = step.kind === 'saving';
  const numberText = editing
    ? invoice.number
    : nextNumber.data
      ? `${nextNumber.data.number}${beer ? 'B' : ''}`
      : '…';
  const title = editing ? `Edit #${invoice.number}` : `New Invoice #${numberText}`;
  const dueOnDeliveryNow = dueOnDelivery(values.dueAt, today);

  return (
    <>
      <title>{`${title} · Stampline`}</title>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Tooltip title="Back">
          <IconButton
            aria-label="Back"
            onClick={() =>
              editing ? navigate(`/invoice/${encodeURIComponent(invoice.number)}`) : navigate(-1)
            }
            sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <ArrowBackOutlined />
          </IconButton>
        </Tooltip>
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
            <Typography variant="h1">{title}</Typography>
            <Chip
              size="small"
              label={editing ? INVOICE_STATUS_LABELS[invoice.status] : 'Draft'}
              color={editing ? 'primary' : 'default'}
              variant="outlined"
            />
            {beer && <Chip size="small" label="Beer invoice" color="success" variant="outlined" />}
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {editing
              ? `${invoice.customer.name} · stamps already on the invoice are kept`
              : fromOrder
                ? `From order #${fromOrder.number}`
                : replaces
                  ? `Replaces cancelled invoice #${replaces.number}: correct what was wrong, then save`
                  : cloneOf
                    ? `A copy of invoice #${cloneOf}`
                    : 'Pick the customer, add the items, and save.'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {!editing && !replaces && (
            <Button
              variant="outlined"
              startIcon={<HistoryOutlined />}
              disabled={!customerId}
              loading={lastInvoice.isFetching}
              onClick={() => void replicate()}
            >
              Replicate Last Invoice
            </Button>
          )}
          {/* not on an invoice made from an order: the order names its customer and items */}
          {!editing && !fromOrder && withFintech && (
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setUploading(true)}>
              {INVOICE_UPLOAD_TEXTS.button}
            </Button>
          )}
        </Box>
      </Box>

      {rollMissing && (
        <Alert severity="warning" sx={{ mb: 3 }} aria-label="Stamp roll missing">
          <AlertTitle>
            <Link component={RouterLink} to="/stamp/roll" color="inherit" underline="always">
              {BUILDER_MESSAGES.stampRollMissing}
            </Link>
          </AlertTitle>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Liquor needs TABC stamps. Register the roll you are using now; wine, beer and non-alcoholic items
            can be invoiced without one.
          </Typography>
          <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, p: 2, maxWidth: 640 }}>
            <AddRollForm />
          </Box>
        </Alert>
      )}

      {values.customer && (
        <CustomerBanners customerId={values.customer.id} hideDelinquency={!!checks?.delinquent} />
      )}
      <InvoiceChecksAlerts checks={checks} lines={values.lines} />

      <Box
        component="form"
        noValidate
        aria-label={editing ? 'Edit invoice' : 'New invoice'}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          if (event.ctrlKey || event.metaKey) {
            event.preventDefault();
            submit();
            return;
          }
          // Enter in a field never saves (a scanner ends every UPC with Enter); in a line, back to the search
          const target = event.target as HTMLElement;
          if (target.tagName !== 'INPUT') return;
          event.preventDefault();
          if (/^(Quantity|Price) for /.test(target.getAttribute('aria-label') ?? ''))
            searchInput.current?.focus();
        }}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 288px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {problem.length > 0 && (
            <Box ref={problemRef}>
              <ProblemAlert title={BUILDER_MESSAGES.saveFailed} messages={problem} />
            </Box>
          )}
          <Section title="Customer and dates">
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr' },
              }}
            >
              <Box sx={{ gridColumn: { xs: '1', sm: '1 / -1', md: 'auto' } }}>
                <CustomerField
                  value={values.customer}
                  onChange={(customer) => {
                    set('customer', customer);
                    // a customer picked for an empty invoice: on to its products
                    if (customer && values.lines.length === 0)
                      window.setTimeout(() => searchInput.current?.focus(), 0);
                  }}
                  error={fields.customer_id}
                  autoFocus={!values.customer}
                />
              </Box>
              <TextField
                label="Invoice Date"
                type="date"
                required
                value={values.invoicedAt}
                onChange={(event) => set('invoicedAt', event.target.value)}
                error={!!fields.invoiced_at}
                helperText={fields.invoiced_at ?? ' '}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latestInvoiceDate(today) } }}
              />
              <DueDateField
                editing={editing}
                invoicedAt={values.invoicedAt}
                dueAt={values.dueAt}
                note={values.note}
                companyTerms={company.payment_terms}
                companyNote={company.default_invoice_note ?? ''}
                checks={checks}
                lines={values.lines}
                beer={beer}
                onDueAt={(value) => set('dueAt', value)}
                onNote={(value) => set('note', value)}
                error={fields.due_at}
                dueOnDelivery={dueOnDeliveryNow}
                creditLawNote={creditLawDueNote(checks, values.lines)}
                min={values.invoicedAt || undefined}
                max={latestDueDate(today)}
              />
            </Box>
          </Section>

          <Section
            title="Items"
            action={
              sorted ? (
                <Typography variant="body2" color="text.secondary">
                  Sorted by product, as set in Settings
                </Typography>
              ) : undefined
            }
          >
            <Stack spacing={2}>
              <ProductSearch
                customerId={customerId}
                date={values.invoicedAt || undefined}
                onPick={pick}
                inputRef={searchInput}
              />
              <ItemsTable
                lines={shownLines}
                rateBp={rateBp}
                sorted={sorted}
                problems={problems}
                stockWarnings={stockWarnings}
                smallFormatStamps={smallFormatStamps}
                onChange={changeLine}
                onMove={(key, by) =>
                  setLines((lines) =>
                    moveLine(
                      lines,
                      lines.findIndex((line) => line.key === key),
                      by,
                    ),
                  )
                }
                onRemove={(key) => setLines((lines) => lines.filter((line) => line.key !== key))}
                priceRef={(key, element) => {
                  if (element) priceInputs.current.set(key, element);
                  else priceInputs.current.delete(key);
                }}
              />
              {/* after the lines: the search and the lines come first, by eye and by Tab */}
              {withRecommendations && customerId && (
                <Recommendations
                  customerId={customerId}
                  onPick={pick}
                  onInvoice={new Set(values.lines.map((line) => line.product.id))}
                />
              )}
            </Stack>
          </Section>

          <Section title="Notes and logo">
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <TextField
                label="Note"
                multiline
                minRows={3}
                value={values.note}
                onChange={(event) => set('note', event.target.value)}
                error={!!fields.note}
                helperText={fields.note ?? 'Printed on the invoice: the customer sees it'}
              />
              <TextField
                label="Company Note"
                multiline
                minRows={3}
                value={values.companyNote}
                onChange={(event) => set('companyNote', event.target.value)}
                error={!!fields.company_note}
                helperText={fields.company_note ?? 'Internal: never shown to the customer'}
              />
              <LogoField
                logos={company.logos}
                value={values.logoId}
                onChange={(logoId) => set('logoId', logoId)}
                error={fields.logo_id}
              />
            </Box>
          </Section>
        </Stack>

        <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <Card component="section" aria-label="Summary">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <TotalsCard
                totals={totals}
                ratePercent={ratePercent}
                itemCount={values.lines.length}
                bottles={bottles}
              />
              <Divider sx={{ my: 2 }} />
              <Stack spacing={1} sx={{ mb: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {values.customer ? values.customer.name : 'No customer yet'}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {dueOnDeliveryNow ? BUILDER_MESSAGES.dueOnDelivery : `Due ${formatDate(values.dueAt)}`}
                </Typography>
              </Stack>
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                startIcon={<SaveOutlined />}
                loading={saving}
              >
                {editing ? 'Save Invoice' : 'Create Invoice'}
              </Button>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mt: 1, textAlign: 'center' }}
              >
                Ctrl + Enter saves
              </Typography>
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <StampsPanel
                needed={needed}
                invoiceId={invoice?.id}
                rollMissing={rollMissing}
                ranges={values.stamps}
                onRangesChange={(stamps) => set('stamps', stamps)}
              />
            </CardContent>
          </Card>
        </Stack>
      </Box>

      <ZeroPriceDialog
        products={step.kind === 'zero-price' ? step.products : null}
        onFix={() => {
          const free = values.lines.find((line) => priceCents(line.price) === 0);
          fixPrice(free?.key);
        }}
        onSkip={checkCost}
      />
      <BelowCostDialog
        lines={step.kind === 'below-cost' ? step.lines : null}
        onFix={fixPrice}
        onConfirm={() => void save(false)}
      />
      <DuplicateDialog
        existing={step.kind === 'duplicate' ? step.existing : null}
        message={step.kind === 'duplicate' ? step.message : ''}
        busy={false}
        onNevermind={() => setStep({ kind: 'editing' })}
        onCreateAnyway={() => void save(true)}
      />
      <ConfirmDialog
        open={replaceWith !== null}
        title={`Replace the items with those of invoice #${replaceWith?.number ?? ''}?`}
        confirmLabel="Replace Items"
        cancelLabel="Nevermind"
        onConfirm={() => replaceWith && copyFrom(replaceWith)}
        onClose={() => setReplaceWith(null)}
      >
        The {values.lines.length === 1 ? 'item' : `${values.lines.length} items`} on this invoice are replaced
        by the {replaceWith?.items.length ?? 0} of the customer's last invoice, with its note.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={BUILDER_MESSAGES.leaveTitle}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {BUILDER_MESSAGES.leaveText}
      </ConfirmDialog>
      {uploading && (
        <InvoiceUploadDialog
          replacing={values.lines.length > 0}
          onClose={() => setUploading(false)}
          onConverted={fromFile}
        />
      )}
    </>
  );
}
