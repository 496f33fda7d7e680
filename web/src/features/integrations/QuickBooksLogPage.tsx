import { useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { useQuickBooksLogQuery } from './quickbooks.api';
import { RunLogTable } from './SyncParts';

const KIND = {
  customer: 'Customer',
  item: 'Item',
  invoice: 'Invoice',
  payment: 'Payment',
  credit_memo: 'Credit memo',
} as const;

function LogTable({ runId }: { runId: string }) {
  const log = useQuickBooksLogQuery(runId);
  useFeatureForbidden(log.error);
  const rows = (log.data ?? []).map((row) => ({
    id: row.id,
    at: row.at,
    type: KIND[row.kind],
    partnerId: row.qboId,
    message: row.message,
    failed: !row.ok,
  }));
  return (
    <RunLogTable
      query={log}
      rows={rows}
      label="QuickBooks sync log"
      emptyText="Nothing was sent in this sync."
      errorText="Error loading the sync log!"
      partnerIdHeader="QuickBooks Id"
    />
  );
}

/** /quickbooks/{runId}: one QuickBooks sync's log, one row per object sent or failed. */
export default function QuickBooksLogPage() {
  const { runId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="QuickBooks sync log"
        actions={
          <RouterButton to="/quickbooks" variant="outlined">
            All syncs
          </RouterButton>
        }
      />
      <FeatureGate feature="quickbooks">
        <LogTable runId={runId} />
      </FeatureGate>
    </>
  );
}
