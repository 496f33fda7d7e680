import { Migration20261121000100_event_store } from './Migration20261121000100_event_store.js';
import { Migration20261121000200_accounts } from './Migration20261121000200_accounts.js';
import { Migration20261121000300_projections } from './Migration20261121000300_projections.js';
import { Migration20261122000400_company_settings_customers } from './Migration20261122000400_company_settings_customers.js';
import { Migration20261122000401_tabc_public_data } from './Migration20261122000401_tabc_public_data.js';
import { Migration20261122000500_stamps } from './Migration20261122000500_stamps.js';
import { Migration20261122000600_event_store_append_v2 } from './Migration20261122000600_event_store_append_v2.js';
import { Migration20261122000700_products } from './Migration20261122000700_products.js';
import { Migration20261122000800_invoices } from './Migration20261122000800_invoices.js';
import { Migration20261122000900_delivery } from './Migration20261122000900_delivery.js';
import { Migration20261122001010_activity_invoice_lookup } from './Migration20261122001010_activity_invoice_lookup.js';
import { Migration20261122000810_payments } from './Migration20261122000810_payments.js';
import { Migration20261122000820_invoice_grid_indexes } from './Migration20261122000820_invoice_grid_indexes.js';
import { Migration20261122000830_invoice_count } from './Migration20261122000830_invoice_count.js';
import { Migration20261125001400_orders } from './Migration20261125001400_orders.js';
import { Migration20261125001410_order_grid_indexes } from './Migration20261125001410_order_grid_indexes.js';
import { Migration20261125001600_inventory } from './Migration20261125001600_inventory.js';
import { Migration20261125002200_stream_snapshots } from './Migration20261125002200_stream_snapshots.js';
import { Migration20261125002210_last_price_index } from './Migration20261125002210_last_price_index.js';
import { Migration20261125002300_sales_by_day_index } from './Migration20261125002300_sales_by_day_index.js';
import { Migration20261127001800_event_chain } from './Migration20261127001800_event_chain.js';
import { Migration20261126001600_inventory_current } from './Migration20261126001600_inventory_current.js';
import { Migration20261127001400_order_drafts } from './Migration20261127001400_order_drafts.js';
import { Migration20261127002000_rate_limits } from './Migration20261127002000_rate_limits.js';
import { Migration20261127002010_projection_holders } from './Migration20261127002010_projection_holders.js';
import { Migration20261127002100_idempotency_owner } from './Migration20261127002100_idempotency_owner.js';
import { Migration20261127002320_invoice_credit_law_index } from './Migration20261127002320_invoice_credit_law_index.js';
import { Migration20261127002200_company_compliance } from './Migration20261127002200_company_compliance.js';
import { Migration20261127002210_stamp_statuses } from './Migration20261127002210_stamp_statuses.js';
import { Migration20261127002240_invoice_replacements } from './Migration20261127002240_invoice_replacements.js';
import { Migration20261127001900_integrations } from './Migration20261127001900_integrations.js';
import { Migration20261127003000_comptroller_report } from './Migration20261127003000_comptroller_report.js';
import { Migration20261127003100_invoice_number_search_index } from './Migration20261127003100_invoice_number_search_index.js';
import { Migration20261127003200_append_generic_plans } from './Migration20261127003200_append_generic_plans.js';
import { Migration20261128001000_activity_filters } from './Migration20261128001000_activity_filters.js';
import { Migration20261128004000_answer_field_indexes } from './Migration20261128004000_answer_field_indexes.js';
import { Migration20261128004100_inventory_on_deal } from './Migration20261128004100_inventory_on_deal.js';
import { Migration20261129000100_payment_terms } from './Migration20261129000100_payment_terms.js';
import { Migration20261129001000_customer_overview } from './Migration20261129001000_customer_overview.js';
import { Migration20261129002000_usual_products } from './Migration20261129002000_usual_products.js';
import { Migration20261129003000_credit_memos } from './Migration20261129003000_credit_memos.js';
import { Migration20261129004000_statement_links } from './Migration20261129004000_statement_links.js';
import { Migration20261129100000_customer_accounts } from './Migration20261129100000_customer_accounts.js';
import { Migration20261129110000_goods_stamps } from './Migration20261129110000_goods_stamps.js';
import { Migration20261129120000_statement_runs } from './Migration20261129120000_statement_runs.js';
import { Migration20261130010000_routes } from './Migration20261130010000_routes.js';
import { Migration20261130020000_invoice_delivery } from './Migration20261130020000_invoice_delivery.js';
import { Migration20261130020100_company_delivery } from './Migration20261130020100_company_delivery.js';
import { Migration20261130020200_check_deposits } from './Migration20261130020200_check_deposits.js';
import { Migration20261130050000_credit_memo_void_index } from './Migration20261130050000_credit_memo_void_index.js';
import { Migration20261130050100_statement_run_heartbeat } from './Migration20261130050100_statement_run_heartbeat.js';
import { Migration20261201010000_quickbooks } from './Migration20261201010000_quickbooks.js';
import { Migration20261201020000_alcohol_report_filing } from './Migration20261201020000_alcohol_report_filing.js';
import { Migration20261201030000_delinquent_gate } from './Migration20261201030000_delinquent_gate.js';
import { Migration20261203000100_document_emails } from './Migration20261203000100_document_emails.js';
import { Migration20261203031500_customer_account_entries } from './Migration20261203031500_customer_account_entries.js';
import { Migration20261204000000_invoice_credit_subject } from './Migration20261204000000_invoice_credit_subject.js';

/** Every migration, in order. Listed explicitly: no file discovery at run time. */
export const migrationsList = [
  Migration20261121000100_event_store,
  Migration20261121000200_accounts,
  Migration20261121000300_projections,
  Migration20261122000400_company_settings_customers,
  Migration20261122000401_tabc_public_data,
  Migration20261122000500_stamps,
  Migration20261122000600_event_store_append_v2,
  Migration20261122000700_products,
  Migration20261122000800_invoices,
  Migration20261122000810_payments,
  Migration20261122000820_invoice_grid_indexes,
  Migration20261122000830_invoice_count,
  Migration20261122000900_delivery,
  Migration20261122001010_activity_invoice_lookup,
  Migration20261125001400_orders,
  Migration20261125001410_order_grid_indexes,
  Migration20261125001600_inventory,
  Migration20261125002200_stream_snapshots,
  Migration20261125002210_last_price_index,
  Migration20261125002300_sales_by_day_index,
  Migration20261126001600_inventory_current,
  Migration20261127001400_order_drafts,
  Migration20261127001800_event_chain,
  Migration20261127001900_integrations,
  Migration20261127002000_rate_limits,
  Migration20261127002010_projection_holders,
  Migration20261127002100_idempotency_owner,
  Migration20261127002200_company_compliance,
  Migration20261127002210_stamp_statuses,
  Migration20261127002240_invoice_replacements,
  Migration20261127002320_invoice_credit_law_index,
  Migration20261127003000_comptroller_report,
  Migration20261127003100_invoice_number_search_index,
  Migration20261127003200_append_generic_plans,
  Migration20261128001000_activity_filters,
  Migration20261128004000_answer_field_indexes,
  Migration20261128004100_inventory_on_deal,
  Migration20261129000100_payment_terms,
  Migration20261129001000_customer_overview,
  Migration20261129002000_usual_products,
  Migration20261129003000_credit_memos,
  Migration20261129004000_statement_links,
  Migration20261129100000_customer_accounts,
  Migration20261129110000_goods_stamps,
  Migration20261129120000_statement_runs,
  Migration20261130010000_routes,
  Migration20261130020000_invoice_delivery,
  Migration20261130020100_company_delivery,
  Migration20261130020200_check_deposits,
  Migration20261130050000_credit_memo_void_index,
  Migration20261130050100_statement_run_heartbeat,
  Migration20261201010000_quickbooks,
  Migration20261201020000_alcohol_report_filing,
  Migration20261201030000_delinquent_gate,
  Migration20261203000100_document_emails,
  Migration20261203031500_customer_account_entries,
  Migration20261204000000_invoice_credit_subject,
];
