import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { businessDate } from '#domain/shared/business-date';
import type { ConvertedInvoice } from '../../integrations/integrations.api';
import type { Company } from '../../../shared/company/company.api';
import { useCompliancePolicy } from '../../../shared/company/compliance.api';
import { toProblem } from '../../../shared/problem';
import { toast } from '../../../shared/toasts';
import { useStampRemainingQuery } from '../../stamps/stamps.api';
import {
  invoicesApi,
  useCreateInvoiceMutation,
  useReplaceInvoiceMutation,
  useUpdateInvoiceMutation,
  type DuplicateInvoiceProblem,
  type Invoice,
} from '../invoices.api';
import { BUILDER_MESSAGES, newIdempotencyKey } from './builder-messages';
import type { BuilderMode } from './builder-mode';
import {
  builderReducer,
  costCheck,
  initialBuilderState,
  lineMessages,
  productRefusal,
  saveFailure,
  submitCheck,
  type SubmitNext,
} from './builder-reducer';
import { invoiceBody, lineFromSuggestion, sortedLines, type BuilderValues } from './builder-state';
import type { ProductSuggestion } from './builder.api';
import { delinquentRefusal, useInvoiceChecks } from './InvoiceChecks';
import {
  bottlesByProduct,
  invoiceTotals,
  isBeer,
  quantity,
  rateBasisPoints,
  stampsNeeded,
} from './invoice-math';
import { useStockWarnings } from './useStockWarnings';
import { useUnsavedGuard } from './useUnsavedGuard';

const isDuplicate = (error: unknown): DuplicateInvoiceProblem | null => {
  const data = (error as { status?: unknown; data?: unknown } | null)?.data as
    Partial<DuplicateInvoiceProblem> | undefined;
  return (error as { status?: unknown })?.status === 409 && data?.invoice
    ? (data as DuplicateInvoiceProblem)
    : null;
};

const savedMessage = (mode: BuilderMode, number: string): string =>
  mode.kind === 'edit'
    ? `Invoice #${number} saved.`
    : mode.kind === 'replace'
      ? `Invoice #${number} created, replacing cancelled invoice #${mode.invoiceNumber}.`
      : `Invoice #${number} created.`;

/**
 * The builder's state (one reducer over one mode) and what it does with the server: the product pick, Replicate
 * Last Invoice, Upload Invoice, and the save with its questions. What the user typed is kept whatever the answer.
 */
export function useInvoiceBuilder(company: Company, mode: BuilderMode, initial: BuilderValues) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(builderReducer, undefined, () => initialBuilderState(mode, initial));
  const { values } = state;
  const edited = mode.kind === 'edit' ? mode.invoice : undefined;
  /** the latest state, for a pick that comes before the next render (a scanner) */
  const latest = useRef(state);
  latest.current = state;
  const idempotencyKey = useRef<string | null>(null);
  const priceInputs = useRef(new Map<string, HTMLInputElement>());
  const searchInput = useRef<HTMLInputElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  /** set once saved: the navigation to the saved invoice is not a loss of work */
  const saved = useRef(false);

  const [createInvoice] = useCreateInvoiceMutation();
  const [replaceInvoice] = useReplaceInvoiceMutation();
  const [updateInvoice] = useUpdateInvoiceMutation();
  const [loadLast, lastInvoice] = invoicesApi.useLazyLastInvoiceQuery();
  const remaining = useStampRemainingQuery();
  const customerId = values.customer?.id;
  const checks = useInvoiceChecks(customerId, values.invoicedAt);
  // The delinquent-list gate: a new liquor or wine invoice on credit to a listed retailer cannot be saved.
  const refusal = delinquentRefusal(checks, values.lines, mode.kind === 'edit');

  const today = businessDate(new Date().toISOString(), company.time_zone);
  const ratePercent = edited?.tax_rate ?? company.tax_rate;
  const rateBp = rateBasisPoints(ratePercent);
  const sorted = company.sort_inv_products;
  const shownLines = useMemo(
    () => (sorted ? sortedLines(values.lines) : values.lines),
    [sorted, values.lines],
  );
  const lineInputs = values.lines.map((line) => ({
    productId: line.product.id,
    qty: line.qty,
    price: line.price,
    taxable: line.taxable,
    type: line.product.product_type,
    size: line.product.product_size,
    caseSize: line.product.case_size ?? null,
  }));
  // Small formats one stamp per case: the owner's setting (staff cannot read it: per bottle here, the
  // server counts by the setting either way).
  const smallFormatStamps = useCompliancePolicy().data?.small_format_stamps ?? false;
  const problems = useMemo(() => lineMessages(state), [state]);
  const stockWarnings = useStockWarnings(values.lines, edited);

  // A new submit (new idempotency key) once anything changes; a retry of the same values keeps the key.
  useEffect(() => {
    idempotencyKey.current = null;
  }, [values]);
  useEffect(() => {
    if (state.problem.length) problemRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [state.problem]);

  const blocker = useUnsavedGuard(state.dirty, saved);

  /** Adds a picked (or scanned, or recommended) product; answers why it cannot be added, or null. */
  const pick = (product: ProductSuggestion): string | null => {
    const refusal = productRefusal(latest.current, product.product_type);
    if (refusal) return refusal;
    dispatch({ type: 'lineAdded', line: lineFromSuggestion(product) });
    return null;
  };

  const copyItems = (source: Invoice) => {
    dispatch({ type: 'itemsCopied', source });
    toast.success(`Copied the items of invoice #${source.number}.`);
  };

  const replicate = async () => {
    if (!customerId) return;
    try {
      const last = await loadLast(customerId).unwrap();
      if (values.lines.length > 0) dispatch({ type: 'replaceAsked', invoice: last });
      else copyItems(last);
    } catch (error) {
      const status = toProblem(error)?.status;
      if (status === 404) toast.warning(BUILDER_MESSAGES.noLastInvoice);
      else toast.error(BUILDER_MESSAGES.replicateFailed);
    }
  };

  const fromFile = (converted: ConvertedInvoice) => {
    dispatch({ type: 'fileConverted', converted });
    const from = converted.reference ? ` of invoice #${converted.reference}` : '';
    toast.success(`Added the ${converted.items.length} item(s)${from} from the file.`);
    for (const warning of converted.warnings) toast.warning(warning);
  };

  /** Back from a save question to the price to fix. */
  const fixPrice = (key?: string) => {
    dispatch({ type: 'stepChanged', step: { kind: 'editing' } });
    const input = key ? priceInputs.current.get(key) : undefined;
    window.setTimeout(() => {
      input?.focus();
      input?.select();
    }, 50);
  };

  const save = async (force: boolean) => {
    dispatch({ type: 'saveStarted' });
    const sent = values.lines;
    const body =
      mode.kind === 'fromOrder' ? { ...invoiceBody(values), order_id: mode.orderId } : invoiceBody(values);
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const invoiceSaved =
        mode.kind === 'edit'
          ? await updateInvoice({ id: mode.invoice.id, body }).unwrap()
          : mode.kind === 'replace'
            ? await replaceInvoice({
                cancelledId: mode.invoiceId,
                body,
                idempotencyKey: idempotencyKey.current,
              }).unwrap()
            : await createInvoice({
                body: force ? { ...body, force: true } : body,
                idempotencyKey: idempotencyKey.current,
              }).unwrap();
      toast.success(savedMessage(mode, invoiceSaved.number));
      saved.current = true;
      dispatch({ type: 'saved' });
      navigate(`/invoice/${encodeURIComponent(invoiceSaved.number)}`);
    } catch (error) {
      const duplicate = isDuplicate(error);
      if (duplicate && mode.kind !== 'edit')
        dispatch({
          type: 'saveFailed',
          failure: { kind: 'duplicate', existing: duplicate.invoice, message: duplicate.message },
        });
      else dispatch({ type: 'saveFailed', failure: saveFailure(toProblem(error), sent) });
    }
  };

  const proceed = (next: SubmitNext) => {
    if (next.kind === 'save') void save(false);
    else if (next.kind === 'below-cost') dispatch({ type: 'stepChanged', step: next });
  };

  const submit = () => {
    if (state.step.kind === 'saving' || refusal) return;
    const check = submitCheck(state);
    dispatch({ type: 'submitChecked', check });
    if (check.next.kind === 'save') void save(false);
  };

  return {
    state,
    dispatch,
    edited,
    today,
    customerId,
    checks,
    refusal,
    rollMissing: remaining.data?.rollCount === 0,
    ratePercent,
    rateBp,
    sorted,
    shownLines,
    smallFormatStamps,
    problems,
    stockWarnings,
    totals: invoiceTotals(lineInputs, rateBp),
    needed: stampsNeeded(lineInputs, smallFormatStamps),
    bottlesByProduct: bottlesByProduct(lineInputs, smallFormatStamps),
    bottles: values.lines.reduce((sum, line) => sum + Math.max(0, quantity(line.qty) ?? 0), 0),
    beer: edited ? edited.beer : isBeer(lineInputs),
    replicating: lastInvoice.isFetching,
    blocker,
    refs: { priceInputs, searchInput, problemRef },
    pick,
    copyItems,
    replicate,
    fromFile,
    fixPrice,
    submit,
    /** Skip and create on the zero-price question: the below-cost one next, else the save */
    skipZeroPrice: () => proceed(costCheck(values)),
    save,
  };
}

export type InvoiceBuilder = ReturnType<typeof useInvoiceBuilder>;
