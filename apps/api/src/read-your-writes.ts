import {
  alcoholReportProjection,
  creditMemoProjection,
  companyLogoProjection,
  companyProjection,
  customerAccountProjection,
  customerProjection,
  invoiceDocumentsProjection,
  invoiceEmailProjection,
  invoicePaymentProjection,
  invoiceProjection,
  invoiceSalesProjection,
  inventoryProjection,
  orderDraftProjection,
  orderProjection,
  priceTierProjection,
  productProjection,
  routeProjection,
  stampsProjection,
} from '#projections/index.js';
import type { Projection } from '#projections/projection.js';

const names = (...projections: Projection[]): readonly string[] => projections.map((p) => p.name);

/**
 * Read-your-writes per command: the projections a command waits for before it answers, because its
 * response or the page that follows reads them. The others (the activity log, and whatever a command's events do
 * not show on the next page) catch up on their own, in the same shared pass when they stand at the same checkpoint.
 * The README's "Read-your-writes" table lists the same. A command that names none here waits for every projection.
 */
export const WAITS_FOR = {
  /** The invoice view (rm_invoice), the stamp log and counts, and the builder's last prices and product sales. */
  invoice: names(invoiceProjection, stampsProjection, invoiceSalesProjection),
  /** An invoice changed or cancelled: the invoice's reads, and the customer's credit its payments may become. */
  invoiceRevision: names(
    invoiceProjection,
    stampsProjection,
    invoiceSalesProjection,
    customerAccountProjection,
    invoicePaymentProjection,
  ),
  /** An invoice made from an order: the invoice's reads and the order's status and links. */
  orderInvoice: names(invoiceProjection, stampsProjection, invoiceSalesProjection, orderProjection),
  /** The order grid, the order view and the order count. */
  order: names(orderProjection),
  /** The ordering app's drafts (saved, changed, cancelled). */
  orderDraft: names(orderDraftProjection),
  /** A draft placed: the order (grid, page, badge) and the draft list it leaves. */
  orderDraftPlaced: names(orderProjection, orderDraftProjection),
  /** The inventory grid, its history and the restock list. */
  inventory: names(inventoryProjection),
  /** The invoice view with its payments, the balance and the payments report. */
  payment: names(invoiceProjection, invoicePaymentProjection),
  /** Money on a customer's account: the account, and the invoices it paid (their payments and balance). */
  account: names(customerAccountProjection, invoiceProjection, invoicePaymentProjection),
  /** A credit memo issued or voided: the memo (grid, view), the invoice's credits and balance, the stock it moved. */
  creditMemo: names(creditMemoProjection, invoiceProjection, inventoryProjection, stampsProjection),
  /** An invoice delivered: the invoice view, its payments, the credit memos of what came back and the stock they moved. */
  delivery: names(
    invoiceProjection,
    invoicePaymentProjection,
    creditMemoProjection,
    inventoryProjection,
    stampsProjection,
  ),
  /** The invoice's documents and private notes. */
  paperwork: names(invoiceDocumentsProjection),
  /** The invoice's e-mail log. */
  email: names(invoiceEmailProjection, invoiceProjection),
  /** A credit memo's or a statement's e-mail: the e-mail log (the memo's e-mails, the statement run's counts). */
  documentEmail: names(invoiceEmailProjection),
  /** The stamp log, rolls and the dashboard's stamp banners. */
  stamps: names(stampsProjection),
  customer: names(customerProjection),
  /** The product, and whether the inventory grid lists it (archived and deleted products leave it). */
  product: names(productProjection, inventoryProjection),
  /** Tiers live on the company stream; removing one moves customers to the base. */
  priceTier: names(priceTierProjection, companyProjection, customerProjection),
  /** Settings, features and logos. */
  company: names(companyProjection, companyLogoProjection),
  /** The dispatcher's board and the driver's download (rm_route, rm_route_stop). */
  route: names(routeProjection),
  /** The months list of the Comptroller's alcohol sales report (rm_alcohol_report). */
  alcoholReport: names(alcoholReportProjection),
} as const satisfies Record<string, readonly string[]>;
