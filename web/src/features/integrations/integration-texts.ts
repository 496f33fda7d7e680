import type { FeatureName } from '#domain/companies/company.features';
import type { PartnerPath } from './integrations.api';

/** The spec's texts of the sync pages (as the client's specification asks). */
export const SYNC_TEXTS = {
  historyFailed: 'Error loading sync history!',
  noHistory: 'No invoice sync history found!',
  syncInvoices: 'Sync Recent Invoices',
  syncProducts: 'Sync Products',
} as const;

export const PARTNERS: Record<PartnerPath, { title: string; feature: FeatureName }> = {
  'bottle-pos': { title: 'Bottle POS', feature: 'bottle_pos' },
  clover: { title: 'Clover', feature: 'clover' },
};

export const STATUS_LABEL = { running: 'Running', success: 'Success', failed: 'Failed' } as const;
/** inventory: Clover's inventory push (stock levels), which runs after each invoice sync. */
export const KIND_LABEL = { invoices: 'Invoices', products: 'Products', inventory: 'Inventory' } as const;
