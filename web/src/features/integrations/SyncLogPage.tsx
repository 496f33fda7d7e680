import { useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { PARTNERS, SYNC_TEXTS } from './integration-texts';
import { useSyncLogQuery, type PartnerPath } from './integrations.api';
import { RunLogTable } from './SyncParts';

function SyncLogTable({ partner, syncId }: { partner: PartnerPath; syncId: string }) {
  const log = useSyncLogQuery({ partner, syncId });
  useFeatureForbidden(log.error);
  const rows = (log.data ?? []).map((row) => ({
    id: row.id,
    at: row.createdAt,
    type: row.type,
    message: row.error_log?.message ?? row.success_log?.message ?? '',
    failed: Boolean(row.error_log),
  }));
  return (
    <RunLogTable
      query={log}
      rows={rows}
      label="Sync log"
      emptyText="Nothing was synced in this sync."
      errorText={SYNC_TEXTS.historyFailed}
    />
  );
}

/** /bottle-pos/{syncId} and /clover/{syncId} (as the client's specification asks): one sync's log, Time, Type (Invoice or Product), Data. */
export function SyncLogPage({ partner }: { partner: PartnerPath }) {
  const { syncId = '' } = useParams();
  const { title, feature } = PARTNERS[partner];
  return (
    <>
      <PageHeader
        title={`${title} sync log`}
        actions={
          <RouterButton to={`/${partner}`} variant="outlined">
            All syncs
          </RouterButton>
        }
      />
      <FeatureGate feature={feature}>
        <SyncLogTable partner={partner} syncId={syncId} />
      </FeatureGate>
    </>
  );
}
