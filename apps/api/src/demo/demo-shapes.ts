import type { DemoProductType } from './demo-catalogue.js';

/** The demo's shapes, sizes and fixed data: what the plan (demo-plan.ts) is made of. */

/** The company's own note; each invoice's note opens with its payment terms (payment-terms.ts). */
export const COMPANY_NOTE =
  'Thank you for your business! Questions: (512) 555-0199, ar@hillcountrybev.example.com';

export interface DemoSize {
  /** Invoices over the year (about; the default is 2,000). */
  invoices: number;
  customers: number;
  products: number;
}

export const DEFAULT_DEMO_SIZE: DemoSize = { invoices: 2000, customers: 40, products: 150 };

/** A smaller demo with the same shape: customers and products scale with the invoices. */
export function demoSize(invoices: number): DemoSize {
  if (invoices >= DEFAULT_DEMO_SIZE.invoices) return { ...DEFAULT_DEMO_SIZE, invoices };
  const scale = invoices / DEFAULT_DEMO_SIZE.invoices;
  return {
    invoices,
    customers: Math.max(10, Math.round(DEFAULT_DEMO_SIZE.customers * Math.sqrt(scale))),
    products: Math.max(30, Math.round(DEFAULT_DEMO_SIZE.products * Math.sqrt(scale))),
  };
}

export const TAX_RATE_BASIS_POINTS = 825;
export const STAMP_ROLL_SIZE = 5000;
export const HISTORY_DAYS = 365;

export interface DemoProduct {
  id: string;
  type: DemoProductType;
  name: string;
  size: string;
  priceCents: number;
  costCents: number;
  supplier: string;
  upc: string;
  internalSku: string;
  reorderLevel: number;
  reorderQty: number;
  reorderTimeInDays: number;
  /** Units in a full case (the Comptroller report and small-format stamps ask for it). */
  caseSize: number;
}

export interface DemoLicence {
  licenceId: number;
  masterFileId: string;
  type: string;
  status: string;
  tradeName: string;
  owner: string;
  address: string;
  city: string;
  zip: string;
  county: string;
  phone: string;
  /** Empty: no legacy permit number. */
  clp: string;
  /** One of the shipped sample list's rows (already in the list). */
  sample: boolean;
  /**
   * The effective date of its listing on the shipped sample delinquent list (test/fixtures/tabc/delinquent.csv):
   * from then it is sold nothing on credit (the delinquent-list gate), so the demo invoices it beer only.
   */
  delinquentFrom?: string;
}

/**
 * The establishments of the shipped sample licence list (test/fixtures/tabc/licenses.csv) are customers too, so the
 * demo shows an expired licence, a suspended one and two customers on the delinquent list.
 */
export const SAMPLE_LICENCES: Partial<DemoLicence>[] = [
  {
    licenceId: 1001234,
    masterFileId: 'MF-5001',
    type: 'MB',
    tradeName: 'THE RUSTY NAIL',
    address: '500 E 6TH ST',
    city: 'AUSTIN',
    zip: '78701',
    county: 'TRAVIS',
    phone: '(512) 555-0100',
    clp: 'MB123456',
  },
  {
    licenceId: 1002001,
    masterFileId: 'MF-5002',
    type: 'MB',
    status: 'Expired',
    tradeName: 'LONE STAR SALOON',
    address: '120 MAIN ST',
    city: 'FORT WORTH',
    zip: '76102',
    county: 'TARRANT',
    phone: '(817) 555-0111',
    clp: 'MB234567',
  },
  {
    licenceId: 1003100,
    masterFileId: 'MF-5003',
    type: 'N',
    tradeName: 'BLUEBONNET CLUB, THE',
    address: '88 RIVER WALK',
    city: 'SAN ANTONIO',
    zip: '78205',
    county: 'BEXAR',
    phone: '',
    clp: 'NE345678',
    delinquentFrom: '2026-11-06',
  },
  {
    licenceId: 1003200,
    masterFileId: 'MF-5004',
    type: 'BG',
    tradeName: 'PECOS PACKAGE & ICE',
    address: '2200 W WALL ST',
    city: 'MIDLAND',
    zip: '79701',
    county: 'MIDLAND',
    phone: '(432) 555-0122',
    clp: 'BG456789',
  },
  {
    licenceId: 1003300,
    masterFileId: '',
    type: 'MB',
    tradeName: 'ALAMO "AFTER HOURS" LOUNGE',
    address: '300 ALAMO PLZ',
    city: 'SAN ANTONIO',
    zip: '78205',
    county: 'BEXAR',
    phone: '(210) 555-0133',
    clp: '',
  },
  {
    licenceId: 1003400,
    masterFileId: 'MF-5006',
    type: 'MB',
    status: 'Suspended',
    tradeName: 'GULF COAST OYSTER BAR',
    address: '1 SEAWALL BLVD',
    city: 'GALVESTON',
    zip: '77550',
    county: 'GALVESTON',
    phone: '(409) 555-0144',
    clp: 'MB567890',
    delinquentFrom: '2026-11-06',
  },
].map((licence) => ({ status: 'Active', ...licence, sample: true }));

export interface DemoCustomer {
  id: string;
  name: string;
  address: string;
  city: string;
  zip: string;
  licence: DemoLicence;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  /** The retailer's Comptroller taxpayer number (11 digits; the monthly alcohol sales report names it). */
  taxpayerNumber: string;
  cashOnDelivery: boolean;
  tierId: string | null;
  /** Liquor buyers (MB, N, NE) get stamped bottles; the others buy wine and beer. */
  liquor: boolean;
  /** Orders online (a customer user places some of its orders). */
  shopper: boolean;
  /** Days between an invoice and its payment. */
  paysAfter: [number, number];
  /** Pays in two parts now and then. */
  partial: number;
  favourites: number[];
  weight: number;
}

export interface DemoTier {
  id: string;
  name: string;
  percentage: number;
}

export interface InvoiceLine {
  productId: string;
  qty: number;
  priceCents: number;
}

export type DemoAction =
  | { kind: 'listPrice'; productId: string; priceCents: number }
  | { kind: 'customerPrice'; productId: string; customerId: string; priceCents: number }
  | { kind: 'receiveRoll'; prefix: string; from: number; to: number }
  | { kind: 'destroyStamps'; rollId: number; from: number; to: number; note: string }
  | {
      kind: 'restock';
      key: string;
      distributor: string;
      refNumber: string;
      items: { productId: string; qty: number; costCents: number }[];
    }
  | {
      kind: 'placeOrder';
      key: string;
      customer: number;
      items: { productId: string; qty: number }[];
      note: string;
    }
  | { kind: 'cancelOwnOrder'; key: string; customer: number }
  | { kind: 'rejectOrder'; key: string; note: string }
  | {
      kind: 'invoice';
      key: string;
      customerId: string;
      lines: InvoiceLine[];
      dueOn: string | null;
      orderKey: string | null;
      note: string | null;
    }
  | {
      kind: 'status';
      invoiceKey: string;
      status: 'cancelled' | 'draft' | 'delivered' | 'payment_due_soon' | 'payment_due';
    }
  | { kind: 'payment'; invoiceKey: string; key: string; amountCents: number; note: string }
  | { kind: 'email'; invoiceKey: string; to: string };

export interface DemoDay {
  date: string;
  /** Price changes, stamp rolls, restocks and orders: before the day's invoices. */
  morning: DemoAction[];
  /** The day's invoices, in order (numbers and stamps are given in this order). */
  invoices: Extract<DemoAction, { kind: 'invoice' }>[];
  /** Status changes (in order), then payments and e-mails (any order). */
  afternoon: DemoAction[];
}

export interface DemoPlan {
  size: DemoSize;
  company: {
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    tabcId: string;
    subdomain: string;
    defaultInvoiceNote: string;
    /** Liquor and wine on credit are due on the credit law's statutory date; beer and cash customers on delivery. */
    paymentTerms: 'credit_law';
    startingInvoiceNumber: number;
    stampThreshold: number;
    taxRate: number;
    timeZone: string;
  };
  tiers: DemoTier[];
  products: DemoProduct[];
  customers: DemoCustomer[];
  days: DemoDay[];
  /** Figures for the console and the README. */
  counts: Record<string, number>;
}

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

export const upcOf = (n: number): string => {
  const digits = `8${String(60000000000 + n * 7919).slice(-10)}`;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
};

/** A case of each catalogue size, as distributors pack them (bottles, or packs of cans). */
export const CASE_SIZES: Record<string, number> = {
  '375ml': 24,
  '750ml': 12,
  '1L': 12,
  '1.5L': 6,
  '1.75L': 6,
  '4oz': 48,
  '32oz': 12,
  '12oz 6pk': 4,
  '12oz 12pk': 2,
  '12oz 24pk': 1,
  '6.8oz 8pk': 3,
  '7.5oz 6pk': 4,
};

export const caseSizeOf = (size: string): number => CASE_SIZES[size] ?? 12;
