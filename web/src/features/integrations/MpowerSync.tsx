import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { useMpowerRecordQuery, useMpowerSyncMutation } from './integrations.api';

/** The client's specification: the sales platform's result alert shows for 1.5 s. */
export const MPOWER_ALERT_MS = 1_500;

/** 'Sync with the sales platform' (mpower feature on) and its 1.5 s result alert. */
export function MpowerSyncButton({
  invoiceId,
  onResult,
}: {
  invoiceId: string;
  onResult: (result: { success: boolean; message: string }) => void;
}) {
  const [sync, { isLoading }] = useMpowerSyncMutation();
  const run = async () => {
    try {
      const answer = await sync(invoiceId).unwrap();
      onResult({ success: answer.success, message: answer.message });
    } catch (error) {
      onResult({ success: false, message: toProblem(error)?.message ?? 'The sync did not work.' });
    }
  };
  return (
    <Button variant="outlined" startIcon={<SyncOutlined />} loading={isLoading} onClick={() => void run()}>
      Sync with the sales platform
    </Button>
  );
}

/** The result alert (gone after 1.5 s) and the invoice's record on the sales platform. */
export function MpowerSyncStatus({
  invoiceId,
  result,
  onDone,
}: {
  invoiceId: string;
  result: { success: boolean; message: string } | null;
  onDone: () => void;
}) {
  const record = useMpowerRecordQuery(invoiceId).data;
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(onDone, MPOWER_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [result, onDone]);
  return (
    <>
      {result && (
        <Alert severity={result.success ? 'success' : 'error'} sx={{ mb: 2 }}>
          {result.message}
        </Alert>
      )}
      {record && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Sales platform:{' '}
          {record.status === 'never'
            ? 'not synced yet'
            : record.status === 'synced'
              ? `synced ${formatDateTime(record.updatedAt)}`
              : `last sync failed ${formatDateTime(record.updatedAt)}${record.error ? ` (${record.error})` : ''}`}
        </Typography>
      )}
    </>
  );
}
