import type { StoredEvent } from '#engine';
import {
  INTEGRATION_EVENT_TYPES,
  INTEGRATIONS_STREAM_PREFIX,
  stockFingerprint,
  type IntegrationEvent,
} from '#domain/integrations/integration.events.js';
import { defineProjection, ident } from '../projection.js';

/**
 * Sync history and sync logs (as the client's specification asks) from `integrations-{companyId}`. Every write is keyed (sync id, event id,
 * item key) and each event sets a state, so re-applying an event changes nothing. Time comes from the events.
 */
export const integrationsProjection = defineProjection({
  name: 'integrations',
  version: 1,
  handles: INTEGRATION_EVENT_TYPES,
  tables: ['rm_integration_sync', 'rm_integration_sync_log', 'rm_integration_item'],
  async apply(tx, events, t) {
    const syncs = ident(t.rm_integration_sync!);
    const log = ident(t.rm_integration_sync_log!);
    const items = ident(t.rm_integration_item!);
    for (const stored of events) {
      if (!stored.streamId.startsWith(INTEGRATIONS_STREAM_PREFIX)) continue;
      const companyId = stored.streamId.slice(INTEGRATIONS_STREAM_PREFIX.length);
      const event = stored as unknown as IntegrationEvent & StoredEvent;
      const position = stored.position;
      switch (event.type) {
        case 'SyncStarted':
          await tx.query(
            `INSERT INTO ${syncs} (sync_id, company_id, partner, kind, scope, status, started_by, started_at)
             VALUES ($1, $2, $3, $4, $5, 'running', $6, $7) ON CONFLICT (sync_id) DO NOTHING`,
            [
              event.data.syncId,
              companyId,
              event.data.partner,
              event.data.kind,
              event.data.scope,
              event.data.startedBy,
              event.data.startedAt,
            ],
          );
          break;
        case 'InvoiceSynced':
        case 'InvoiceSyncFailed':
        case 'ProductSynced':
        case 'ProductSyncFailed': {
          const invoice = event.type === 'InvoiceSynced' || event.type === 'InvoiceSyncFailed';
          const ok = event.type === 'InvoiceSynced' || event.type === 'ProductSynced';
          const d = event.data as Record<string, string>;
          const itemId = invoice ? d.invoiceId! : d.productId!;
          const label = invoice ? d.invoiceNumber! : d.product!;
          const at = ok ? d.syncedAt! : d.failedAt!;
          const message = ok
            ? `${invoice ? 'Invoice' : 'Product'} ${label} synced.`
            : `${invoice ? 'Invoice' : 'Product'} ${label} failed: ${d.error}`;
          const data = {
            message,
            ...(invoice
              ? { invoiceId: itemId, invoiceNumber: label }
              : { productId: itemId, product: label }),
            ...(ok ? { externalId: d.externalId } : {}),
          };
          const inserted = await tx.query(
            `INSERT INTO ${log} (event_id, sync_id, company_id, type, ok, data, created_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
            [stored.id, d.syncId, companyId, invoice ? 'Invoice' : 'Product', ok, data, at, String(position)],
          );
          if (inserted.rowCount === 0) break; // applied before
          await tx.query(
            `INSERT INTO ${items} (company_id, partner, kind, item_id, label, ok, fingerprint, external_id, error,
                                   sync_id, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (company_id, partner, kind, item_id) DO UPDATE SET
               label = EXCLUDED.label, ok = EXCLUDED.ok,
               fingerprint = CASE WHEN EXCLUDED.ok THEN EXCLUDED.fingerprint ELSE ${items}.fingerprint END,
               external_id = COALESCE(EXCLUDED.external_id, ${items}.external_id),
               error = EXCLUDED.error, sync_id = EXCLUDED.sync_id, updated_at = EXCLUDED.updated_at`,
            [
              companyId,
              d.partner,
              invoice ? 'invoice' : 'product',
              itemId,
              label,
              ok,
              ok ? d.fingerprint : null,
              ok ? d.externalId : null,
              ok ? null : d.error,
              d.syncId,
              at,
            ],
          );
          await tx.query(
            `UPDATE ${syncs} SET ${ok ? 'synced = synced + 1' : 'failed = failed + 1'} WHERE sync_id = $1`,
            [d.syncId],
          );
          break;
        }
        case 'StockPushed':
        case 'StockPushFailed': {
          // An inventory push's record: a Product line of the sync log, and the level last pushed (kind 'stock').
          const d = event.data as Record<string, string> & { qty: number };
          const ok = event.type === 'StockPushed';
          const at = ok ? d.pushedAt! : d.failedAt!;
          const message = ok
            ? `Stock of ${d.product} set to ${d.qty}.`
            : `Stock of ${d.product} (${d.qty}) failed: ${d.error}`;
          const inserted = await tx.query(
            `INSERT INTO ${log} (event_id, sync_id, company_id, type, ok, data, created_at, position)
             VALUES ($1, $2, $3, 'Product', $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING`,
            [
              stored.id,
              d.syncId,
              companyId,
              ok,
              {
                message,
                productId: d.productId,
                product: d.product,
                qty: d.qty,
                ...(ok ? { externalId: d.externalId } : {}),
              },
              at,
              String(position),
            ],
          );
          if (inserted.rowCount === 0) break; // applied before
          await tx.query(
            `INSERT INTO ${items} (company_id, partner, kind, item_id, label, ok, fingerprint, external_id, error,
                                   sync_id, updated_at)
             VALUES ($1, $2, 'stock', $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (company_id, partner, kind, item_id) DO UPDATE SET
               label = EXCLUDED.label, ok = EXCLUDED.ok,
               fingerprint = CASE WHEN EXCLUDED.ok THEN EXCLUDED.fingerprint ELSE ${items}.fingerprint END,
               external_id = COALESCE(EXCLUDED.external_id, ${items}.external_id),
               error = EXCLUDED.error, sync_id = EXCLUDED.sync_id, updated_at = EXCLUDED.updated_at`,
            [
              companyId,
              d.partner,
              d.productId,
              d.product,
              ok,
              ok ? stockFingerprint(d.qty) : null,
              ok ? d.externalId : null,
              ok ? null : d.error,
              d.syncId,
              at,
            ],
          );
          await tx.query(
            `UPDATE ${syncs} SET ${ok ? 'synced = synced + 1' : 'failed = failed + 1'} WHERE sync_id = $1`,
            [d.syncId],
          );
          break;
        }
        case 'SyncCompleted': {
          const d = event.data;
          await tx.query(
            `UPDATE ${syncs} SET status = $2, error = $3, synced = $4, failed = $5, completed_at = $6
              WHERE sync_id = $1`,
            [d.syncId, d.outcome, d.error, d.synced, d.failed, d.completedAt],
          );
          if (d.error !== null)
            await tx.query(
              `INSERT INTO ${log} (event_id, sync_id, company_id, type, ok, data, created_at, position)
               VALUES ($1, $2, $3, $4, false, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING`,
              [
                stored.id,
                d.syncId,
                companyId,
                d.kind === 'invoices' ? 'Invoice' : 'Product',
                { message: `Sync failed: ${d.error}` },
                d.completedAt,
                String(position),
              ],
            );
          break;
        }
      }
    }
  },
});
