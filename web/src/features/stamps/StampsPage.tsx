import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { saveFile } from '../../shared/download';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { STAMP_LOG_DEFAULT_SORT, stampLogColumns, stampLogPhoneRow } from './stamp-log.columns';
import { STAMP_MESSAGES } from './stamp-messages';
import { StampAsOfReport } from './StampAsOfReport';
import { StampLookup } from './StampLookup';
import { useDownloadStampLogMutation, useStampLogQuery } from './stamps.api';

function ToolCard({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.0625rem' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * /stamp: the stamp log (server-side grid, newest first, destroyed stamps marked), its CSV download, the
 * Manage Rolls link, a one-stamp history lookup and the ledger as of a past moment.
 */
export default function StampsPage() {
  const grid = useGridModels(stampLogColumns, { initialSort: STAMP_LOG_DEFAULT_SORT });
  const log = useStampLogQuery(grid.query);
  const [downloadLog, { isLoading: downloading }] = useDownloadStampLogMutation();

  const downloadCsv = async () => {
    try {
      saveFile(await downloadLog(grid.exportQuery).unwrap());
    } catch {
      toast.error(STAMP_MESSAGES.csvFailed);
    }
  };

  return (
    <>
      <PageHeader
        title="Stamps"
        subtitle="Every TABC stamp received, invoiced, destroyed or restored."
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              loading={downloading}
              onClick={() => void downloadCsv()}
            >
              Download CSV
            </Button>
            <RouterButton to="/stamp/record" variant="outlined" startIcon={<ReceiptLongOutlined />}>
              Stamp Record
            </RouterButton>
            <RouterButton to="/stamp/roll" variant="contained" startIcon={<Inventory2Outlined />}>
              Manage Rolls
            </RouterButton>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <ToolCard
          id="stamp-lookup-title"
          title="Stamp History"
          hint="Every change to one stamp: when, who, which invoice and customer."
        >
          <StampLookup />
        </ToolCard>
        <ToolCard
          id="stamp-as-of-title"
          title="Ledger As Of"
          hint="Each roll's available, invoiced and destroyed stamps at a past moment, as CSV."
        >
          <StampAsOfReport />
        </ToolCard>
      </Box>
      <Card component="section" aria-labelledby="stamp-log-title">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
          <Typography id="stamp-log-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
            Stamp Log
          </Typography>
          <Box sx={{ height: { xs: 560, md: 'max(480px, calc(100vh - 240px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={stampLogColumns}
              result={log}
              label="Stamp log"
              phoneRow={stampLogPhoneRow}
              emptyText="No stamps logged yet."
              errorText="Error loading the stamp log"
              getRowClassName={({ row }) => (row.kind === 'destroyed' ? 'stamp-row--destroyed' : '')}
              sx={{
                '& .stamp-row--destroyed': {
                  bgcolor: 'rgba(198, 40, 40, 0.06)',
                  boxShadow: 'inset 3px 0 0 #c62828',
                },
                '& .stamp-row--destroyed:hover': { bgcolor: 'rgba(198, 40, 40, 0.10)' },
              }}
            />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
