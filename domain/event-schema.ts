import type { CustomerAccountEvent } from './accounts/customer-account.events.js';
import type { ActivityEvent, CustomerUserFact } from './activity/activity.events.js';
import type { CompanyEvent } from './companies/company.events.js';
import type { SubdomainReservationEvent } from './companies/subdomain-reservation.decide.js';
import type { CreditMemoNumberEvent } from './credits/credit-memo-numbers.js';
import type { CreditMemoEvent } from './credits/credit-memo.events.js';
import type { BalanceLinkEvent, CustomerEvent, StatementLinkEvent } from './customers/customer.events.js';
import type { DocumentEmailEvent } from './email/document-email.events.js';
import type { IntegrationEvent } from './integrations/integration.events.js';
import type { InventoryEvent } from './inventory/inventory.events.js';
import type { InvoiceDelivered } from './invoices/invoice-delivered.events.js';
import type { InvoiceDeliveryEvent } from './invoices/invoice-delivery.events.js';
import type { InvoiceNumberEvent } from './invoices/invoice-numbers.js';
import type { PaymentEvent } from './invoices/invoice-payment.events.js';
import type { InvoiceEvent } from './invoices/invoice.events.js';
import type { OrderNumberEvent } from './orders/order-numbers.js';
import type { OrderEvent } from './orders/order.events.js';
import type { ProductEvent } from './products/product.events.js';
import type { AlcoholReportEvent } from './reports/alcohol-report-filing.events.js';
import type { RouteDayEvent } from './routes/route-day.js';
import type { RouteEvent } from './routes/route.events.js';
import type { StaffEvent } from './staff/staff.events.js';
import type { StampHoldingEvent } from './stamps/stamp-holding.js';
import type { StampEvent } from './stamps/stamp.events.js';

/**
 * Every event the application writes (R11). A new event type joins this union, gets its line in
 * EVENT_SCHEMA_VERSIONS (the compiler insists), and its example in the golden corpus (test/fixtures/events,
 * `npm run events:corpus`), whose test fails until it is there.
 */
export type DomainEvent =
  | ActivityEvent
  | CustomerUserFact
  | CompanyEvent
  | SubdomainReservationEvent
  | CustomerEvent
  | BalanceLinkEvent
  | StatementLinkEvent
  | IntegrationEvent
  | InventoryEvent
  | InvoiceEvent
  | InvoiceNumberEvent
  | PaymentEvent
  | CustomerAccountEvent
  | CreditMemoEvent
  | CreditMemoNumberEvent
  | InvoiceDeliveryEvent
  | DocumentEmailEvent
  | InvoiceDelivered
  | OrderEvent
  | OrderNumberEvent
  | ProductEvent
  | RouteEvent
  | RouteDayEvent
  | AlcoholReportEvent
  | StaffEvent
  | StampEvent
  | StampHoldingEvent;

export type DomainEventType = DomainEvent['type'];

/**
 * The version of each event type's `data` that this code writes (`metadata.schemaVersion`). Events are never
 * rewritten: when a type's data changes shape, bump its version here and add the upcaster from the old version to
 * UPCASTERS; readers then see every stored event of that type in the current shape (README: How to change an event).
 */
export const EVENT_SCHEMA_VERSIONS: Readonly<Record<DomainEventType, number>> = {
  // activity
  UserSignedUp: 1,
  UserSignedIn: 1,
  UserSignedOut: 1,
  PasswordReset: 1,
  ProfileUpdated: 1,
  CustomerUserSignedOut: 1,
  CustomerUserAccessChanged: 1,
  StaffInvited: 1,
  StaffInvitationRevoked: 1,
  StaffJoined: 1,
  StaffDisabled: 1,
  StaffEnabled: 1,
  StaffRoleChanged: 1,
  // company
  CompanyRegistered: 1,
  CompanyDetailsUpdated: 1,
  FeatureActivated: 1,
  FeatureDeactivated: 1,
  FeatureAccessRequested: 1,
  LogoAdded: 1,
  LogoRemoved: 1,
  DefaultLogoChosen: 1,
  PriceTierAdded: 1,
  PriceTierUpdated: 1,
  PriceTierRemoved: 1,
  PriceTierBaseChosen: 1,
  CompliancePolicyChanged: 1,
  SubdomainClaimed: 1,
  SubdomainReleased: 1,
  // customers
  CustomerCreated: 1,
  CustomerUpdated: 1,
  CustomerRemoved: 1,
  CustomerPriceTierChanged: 1,
  DelinquentOverrideRecorded: 1,
  BalanceLinkIssued: 1,
  BalanceLinksRevoked: 1,
  StatementLinkIssued: 1,
  StatementLinksRevoked: 1,
  // products and inventory
  ProductCreated: 1,
  ProductUpdated: 1,
  ProductPriceChanged: 1,
  ProductArchived: 1,
  ProductRestored: 1,
  ProductDeleted: 1,
  InventoryRestocked: 1,
  InventoryAdjusted: 1,
  // invoices
  InvoiceCreated: 1,
  InvoiceRevised: 1,
  InvoiceStatusChanged: 1,
  InvoiceDeleted: 1,
  InvoiceReplaced: 1,
  InvoiceNumberAssigned: 1,
  CustomerNumberAssigned: 1,
  PaymentLogged: 1,
  CheckDeposited: 1,
  CheckDishonoured: 1,
  PaymentUpdated: 1,
  PaymentDeleted: 1,
  InvoicePaymentsMovedToCredit: 1,
  // payments on account
  PaymentReceivedOnAccount: 1,
  AccountCreditApplied: 1,
  AccountCreditRefunded: 1,
  InvoicePaymentsCredited: 1,
  AccountCreditUnapplied: 1,
  // credit memos
  CreditMemoIssued: 1,
  CreditMemoVoided: 1,
  // delivery day
  InvoiceDelivered: 1,
  RoutePlanned: 1,
  RouteStopsAdded: 1,
  RouteStopRemoved: 1,
  RouteStopsReordered: 1,
  RouteAssigned: 1,
  RouteDownloaded: 1,
  RouteStopSkipped: 1,
  RouteClosed: 1,
  RouteDayStopsClaimed: 1,
  RouteDayStopsReleased: 1,
  // the Comptroller's alcohol sales report
  AlcoholReportDownloaded: 1,
  AlcoholReportFiled: 1,
  CreditMemoNumberAssigned: 1,
  InvoiceEmailed: 1,
  InvoiceEmailRetryStarted: 1,
  InvoiceEmailDeferred: 1,
  InvoiceEmailDelivered: 1,
  InvoiceEmailFailed: 1,
  DocumentAttached: 1,
  DocumentRenamed: 1,
  DocumentRemoved: 1,
  PrivateNoteAdded: 1,
  PrivateNoteRemoved: 1,
  PublicLinkIssued: 1,
  PublicLinksRevoked: 1,
  // credit memo and statement e-mails (document-email-{id})
  DocumentEmailed: 1,
  DocumentEmailRetryStarted: 1,
  DocumentEmailDeferred: 1,
  DocumentEmailDelivered: 1,
  DocumentEmailFailed: 1,
  // orders
  SyncStarted: 1,
  InvoiceSynced: 1,
  InvoiceSyncFailed: 1,
  ProductSynced: 1,
  ProductSyncFailed: 1,
  StockPushed: 1,
  StockPushFailed: 1,
  SyncCompleted: 1,
  OrderPlaced: 1,
  OrderDrafted: 1,
  OrderDraftUpdated: 1,
  OrderDraftCancelled: 1,
  OrderCancelled: 1,
  OrderRejected: 1,
  OrderItemRejected: 1,
  OrderItemPriceChanged: 1,
  OrderItemQtyChanged: 1,
  OrderNoteAdded: 1,
  OrderInvoiced: 1,
  OrderDelivered: 1,
  OrderNumberAssigned: 1,
  // stamps
  StampRollReceived: 1,
  StampRollActivated: 1,
  StampRollDeactivated: 1,
  StampsAllocated: 1,
  StampsReleased: 1,
  StampsDestroyed: 1,
  StampsRestored: 1,
  StampsStatusRecorded: 1,
  StampReplacementRecorded: 1,
  StampsReturnedWithGoods: 1,
  StampsGoodsReturnReversed: 1,
  ReturnedStampsReissued: 1,
  ReissuedStampsBackInStock: 1,
  StampHoldingChanged: 1,
};

export const DOMAIN_EVENT_TYPES = Object.keys(EVENT_SCHEMA_VERSIONS) as readonly DomainEventType[];

/** Turns the data of version n of a type into version n + 1 (pure, total: it never throws on old data). */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** upcasters[type][n]: version n → n + 1. Each bump of EVENT_SCHEMA_VERSIONS adds one. */
export type UpcasterTable = Partial<Record<string, Readonly<Record<number, Upcaster>>>>;

/**
 * The upcasters of the application's events. None yet: every type is at version 1, as it was first written.
 * An example of the shape (renaming `note` to `text` in version 2 of OrderNoteAdded):
 *
 *   OrderNoteAdded: { 1: ({ note, ...rest }) => ({ ...rest, text: note }) },
 */
export const UPCASTERS: UpcasterTable = {};

export interface Upcasting {
  /** The version this code writes for a type (1 for a type it does not know). */
  versionOf(type: string): number;
  /**
   * The data of a stored event in the current shape, or the same object when it is current already (or of a type
   * or a version newer than this code knows: see the README on rolling upgrades).
   */
  upcast(type: string, version: number | undefined, data: Record<string, unknown>): Record<string, unknown>;
}

/** Upcasting over a version table and its upcasters (the application's: `eventUpcasting`). */
export function createUpcasting(
  versions: Readonly<Record<string, number>>,
  upcasters: UpcasterTable,
): Upcasting {
  for (const [type, steps] of Object.entries(upcasters)) {
    const current = versions[type];
    if (current === undefined) throw new Error(`Upcasters for ${type}, which has no schema version`);
    for (let v = 1; v < current; v++)
      if (!steps?.[v]) throw new Error(`${type}: no upcaster from version ${v} to ${v + 1}`);
  }
  for (const [type, current] of Object.entries(versions))
    if (current > 1 && !upcasters[type])
      throw new Error(`${type} is at version ${current} without upcasters`);
  return {
    versionOf: (type) => versions[type] ?? 1,
    upcast(type, version, data) {
      const current = versions[type];
      let v = version ?? 1;
      if (current === undefined || v >= current) return data;
      const steps = upcasters[type]!;
      let upcast = data;
      for (; v < current; v++) upcast = steps[v]!(upcast);
      return upcast;
    },
  };
}

export const eventUpcasting: Upcasting = createUpcasting(EVENT_SCHEMA_VERSIONS, UPCASTERS);
