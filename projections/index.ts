import { customerAccountProjection } from './accounts/customer-account.projection.js';
import { activityProjection } from './activity/activity.projection.js';
import { companyLogoProjection } from './companies/company-logo.projection.js';
import { companyProjection } from './companies/company.projection.js';
import { creditMemoProjection } from './credits/credit-memo.projection.js';
import { customerProjection } from './customers/customer.projection.js';
import { invoicePaymentProjection } from './invoices/invoice-payment.projection.js';
import { invoiceDocumentsProjection } from './invoices/invoice-documents.projection.js';
import { invoiceEmailProjection } from './invoices/invoice-email.projection.js';
import { invoiceSalesProjection } from './invoices/invoice-sales.projection.js';
import { invoiceProjection } from './invoices/invoice.projection.js';
import { inventoryProjection } from './inventory/inventory.projection.js';
import { integrationsProjection } from './integrations/integrations.projection.js';
import { priceTierProjection } from './products/price-tier.projection.js';
import { productProjection } from './products/product.projection.js';
import { orderProjection } from './orders/order.projection.js';
import { orderDraftProjection } from './orders/order-draft.projection.js';
import type { Projection } from './projection.js';
import { alcoholReportProjection } from './reports/alcohol-report.projection.js';
import { routeProjection } from './routes/route.projection.js';
import { stampsProjection } from './stamps/stamp-ledger.projection.js';

/** Every projection the runner runs and `projections:rebuild` knows, by name. */
export const allProjections: readonly Projection[] = [
  companyProjection,
  activityProjection,
  companyLogoProjection,
  customerProjection,
  stampsProjection,
  productProjection,
  priceTierProjection,
  invoiceProjection,
  invoiceSalesProjection,
  invoicePaymentProjection,
  creditMemoProjection,
  customerAccountProjection,
  invoiceEmailProjection,
  invoiceDocumentsProjection,
  orderProjection,
  orderDraftProjection,
  inventoryProjection,
  integrationsProjection,
  routeProjection,
  alcoholReportProjection,
];

export { activityProjection, ACTIVITY_SCHEMA } from './activity/activity.projection.js';
export { companyLogoProjection, COMPANY_LOGO_SCHEMA } from './companies/company-logo.projection.js';
export {
  companyProjection,
  COMPANY_SCHEMA,
  COMPANY_SCHEMA_V2,
  COMPANY_SCHEMA_V3,
} from './companies/company.projection.js';
export {
  customerProjection,
  CUSTOMER_SCHEMA,
  CUSTOMER_TAXPAYER_SCHEMA,
} from './customers/customer.projection.js';
export {
  stampsProjection,
  STAMPS_SCHEMA,
  STAMPS_SCHEMA_V2,
  STAMPS_SCHEMA_V3,
} from './stamps/stamp-ledger.projection.js';
export {
  productProjection,
  PRODUCT_CASE_SIZE_SCHEMA,
  PRODUCT_SCHEMA,
} from './products/product.projection.js';
export { priceTierProjection, PRICE_TIER_SCHEMA } from './products/price-tier.projection.js';
export { invoiceProjection, INVOICE_SCHEMA } from './invoices/invoice.projection.js';
export { invoiceSalesProjection } from './invoices/invoice-sales.projection.js';
export { invoiceEmailProjection, INVOICE_EMAIL_SCHEMA } from './invoices/invoice-email.projection.js';
export {
  invoiceDocumentsProjection,
  INVOICE_DOCUMENTS_SCHEMA,
} from './invoices/invoice-documents.projection.js';
export {
  customerAccountProjection,
  CUSTOMER_ACCOUNT_ENTRY_SCHEMA,
  CUSTOMER_ACCOUNT_SCHEMA,
} from './accounts/customer-account.projection.js';
export { creditMemoProjection, CREDIT_MEMO_SCHEMA } from './credits/credit-memo.projection.js';
export { invoicePaymentProjection, PAYMENT_SCHEMA } from './invoices/invoice-payment.projection.js';
export { orderProjection, ORDER_SCHEMA } from './orders/order.projection.js';
export { orderDraftProjection, ORDER_DRAFT_SCHEMA } from './orders/order-draft.projection.js';
export { inventoryProjection } from './inventory/inventory.projection.js';
export { INVENTORY_SCHEMA } from './inventory/inventory.schema.js';
export { integrationsProjection } from './integrations/integrations.projection.js';
export { INTEGRATIONS_SCHEMA } from './integrations/integrations.schema.js';
export { routeProjection, ROUTE_SCHEMA } from './routes/route.projection.js';
export { alcoholReportProjection, ALCOHOL_REPORT_SCHEMA } from './reports/alcohol-report.projection.js';
