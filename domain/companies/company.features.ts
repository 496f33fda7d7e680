/**
 * Feature extensions (as the client's specification asks): every company feature, who may switch it on, and
 * what its card says. Free features a user may activate; paid ones the provider's team activates on request;
 * coming-soon ones nobody but the provider's team.
 */
export const FEATURE_NAMES = [
  'ai',
  'payment',
  'order',
  'email',
  'barcode',
  'clover',
  'internal_sku',
  'bottle_pos',
  'inventory',
  'tiered_pricing',
  'customer_invoice_numbering',
  'mpower',
  'reports',
  'fintech',
  'quickbooks',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

export type FeatureAccess = 'free' | 'paid' | 'coming_soon';

export interface FeatureCard {
  name: FeatureName;
  title: string;
  description: string;
  pricing: string;
  access: FeatureAccess;
}

const FREE = 'Free';
const PAID = 'Paid add-on, priced on request';
const SOON = 'Coming soon';

export const FEATURE_CATALOGUE: Readonly<Record<FeatureName, FeatureCard>> = {
  payment: {
    name: 'payment',
    title: 'Payments',
    description: 'Log payments against invoices, see customer balances and the payments report.',
    pricing: FREE,
    access: 'free',
  },
  email: {
    name: 'email',
    title: 'Email Invoicing',
    description: 'E-mail invoices as PDF to your customers and keep a log of every e-mail sent.',
    pricing: FREE,
    access: 'free',
  },
  internal_sku: {
    name: 'internal_sku',
    title: 'Internal SKU',
    description: 'Show your own SKU for each product next to its UPC.',
    pricing: FREE,
    access: 'free',
  },
  order: {
    name: 'order',
    title: 'Online Orders',
    description:
      'Your customers place orders from the establishment app; review them and turn them into invoices.',
    pricing: PAID,
    access: 'paid',
  },
  tiered_pricing: {
    name: 'tiered_pricing',
    title: 'Tiered Pricing',
    description: 'Price tiers per customer and customer-specific prices.',
    pricing: PAID,
    access: 'paid',
  },
  clover: {
    name: 'clover',
    title: 'Clover',
    description: 'Sync invoices and products with your Clover point of sale.',
    pricing: PAID,
    access: 'paid',
  },
  bottle_pos: {
    name: 'bottle_pos',
    title: 'Bottle POS',
    description: 'Sync invoices and products with Bottle POS.',
    pricing: PAID,
    access: 'paid',
  },
  inventory: {
    name: 'inventory',
    title: 'Inventory',
    description: 'Track stock per product, reorder levels, restocks and inventory history.',
    pricing: PAID,
    access: 'paid',
  },
  reports: {
    name: 'reports',
    title: 'Reports',
    description: 'Compare invoice and order totals over two periods, monthly or weekly.',
    pricing: PAID,
    access: 'paid',
  },
  customer_invoice_numbering: {
    name: 'customer_invoice_numbering',
    title: 'Customer Invoice Numbering',
    description: 'Invoice numbers in a sequence per customer, prefixed with the customer id.',
    pricing: PAID,
    access: 'paid',
  },
  fintech: {
    name: 'fintech',
    title: 'Fintech',
    description: 'Send invoices to Fintech for EFT collection and export them in the Fintech format.',
    pricing: PAID,
    access: 'paid',
  },
  quickbooks: {
    name: 'quickbooks',
    title: 'QuickBooks Online',
    description: 'Send invoices, payments and credit memos to QuickBooks Online, on demand or on a schedule.',
    pricing: PAID,
    access: 'paid',
  },
  ai: {
    name: 'ai',
    title: 'AI Recommendations',
    description: 'Product recommendations for each customer, based on what they buy.',
    pricing: FREE,
    access: 'free',
  },
  barcode: {
    name: 'barcode',
    title: 'Barcode Scanning',
    description: 'Scan UPC barcodes to add products to invoices.',
    pricing: SOON,
    access: 'coming_soon',
  },
  mpower: {
    name: 'mpower',
    title: 'Sales Platform Sync',
    description: 'Sync invoices with your sales platform.',
    pricing: SOON,
    access: 'coming_soon',
  },
};

export function isFeatureName(value: unknown): value is FeatureName {
  return typeof value === 'string' && (FEATURE_NAMES as readonly string[]).includes(value);
}
