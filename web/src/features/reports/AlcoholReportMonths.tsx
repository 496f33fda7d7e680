import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAppSelector } from '../../app/store';
import { saveFile } from '../../shared/download';
import { formatDate, formatDateTime } from '../../shared/format';
import { problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { monthLabel, STATUS_COLOR, STATUS_LABEL } from './alcohol-report-months';
import {
  useAlcoholReportMonthsQuery,
  useDownloadAlcoholSalesMutation,
  useDownloadRitsMutation,
  type AlcoholReportMonth,
} from './alcohol-sales.api';
import { MarkFiledDialog } from './MarkFiledDialog';

function What({ row }: { row: AlcoholReportMonth }) {
  const parts = [
    row.downloaded_at
      ? `RITS file downloaded ${formatDateTime(row.downloaded_at)}${row.downloaded_by ? ` by ${row.downloaded_by}` : ''}${row.no_sales ? ' (no sales)' : ''}`
      : 'RITS file not downloaded yet',
    row.filed_at
      ? `filed ${formatDateTime(row.filed_at)}${row.filed_by ? ` by ${row.filed_by}` : ''}, confirmation ${row.confirmation_number}`
      : null,
    row.penalty > 0 ? `$${row.penalty} late-filing penalty` : null,
  ].filter(Boolean);
  return (
    <Typography variant="body2" color="text.secondary">
      {parts.join(' · ')}
    </Typography>
  );
}

/**
 * The months whose report is or was due, newest first: due date, status (not filed, late, filed, filed late), the
 * last download of the RITS file and the filing; Download RITS File, Download CSV and Mark Filed on each.
 */
export function AlcoholReportMonths() {
  const user = useAppSelector((state) => state.session.user);
  const companyId = user ? String(user.company_id) : '';
  const { data, isError, error, isLoading } = useAlcoholReportMonthsQuery(companyId, { skip: !companyId });
  const [downloadRits] = useDownloadRitsMutation();
  const [downloadCsv] = useDownloadAlcoholSalesMutation();
  const [marking, setMarking] = useState<string | null>(null);

  const download = async (kind: 'rits' | 'csv', month: string) => {
    try {
      saveFile(await (kind === 'rits' ? downloadRits({ month }) : downloadCsv({ month })).unwrap());
    } catch (caught) {
      toast.error(problemMessages(toProblem(caught), 'Error downloading the file')[0]!);
    }
  };

  return (
    <Card component="section" aria-labelledby="comptroller-filing" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="comptroller-filing" variant="h2" sx={{ fontSize: '1.0625rem', mb: 0.5 }}>
          Filing
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          One report per month, due on the 25th of the month after (the next business day after a weekend or a
          Texas holiday), filed even without sales. Upload the RITS file in the Comptroller&apos;s RITS, then
          mark the month filed with its confirmation number. A late report costs $50.
        </Typography>
        {isLoading && <Typography color="text.secondary">Loading the months…</Typography>}
        {isError && (
          <Alert severity="error">{problemMessages(toProblem(error), 'Error loading the months')[0]}</Alert>
        )}
        {data && data.months.length === 0 && (
          <Typography color="text.secondary">
            No report is due yet: the first is for the month you start in.
          </Typography>
        )}
        {data && data.months.length > 0 && (
          <Box component="ul" aria-label="Report months" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.months.map((row) => (
              <Box
                component="li"
                key={row.month}
                aria-label={monthLabel(row.month)}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  alignItems: 'center',
                  py: 1.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <Typography component="h3" sx={{ fontWeight: 700 }}>
                      {monthLabel(row.month)}
                    </Typography>
                    <Chip size="small" color={STATUS_COLOR[row.status]} label={STATUS_LABEL[row.status]} />
                    <Typography variant="body2">due {formatDate(`${row.due_on}T12:00:00`)}</Typography>
                  </Box>
                  <What row={row} />
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  <Button
                    size="small"
                    variant={row.confirmation_number ? 'outlined' : 'contained'}
                    startIcon={<FileDownloadOutlined />}
                    onClick={() => void download('rits', row.month)}
                    aria-label={`Download RITS file of ${monthLabel(row.month)}`}
                  >
                    RITS File
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<FileDownloadOutlined />}
                    onClick={() => void download('csv', row.month)}
                    aria-label={`Download CSV of ${monthLabel(row.month)}`}
                  >
                    CSV
                  </Button>
                  {!row.confirmation_number && (
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<TaskAltOutlined />}
                      onClick={() => setMarking(row.month)}
                      aria-label={`Mark Filed: ${monthLabel(row.month)}`}
                    >
                      Mark Filed
                    </Button>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {marking && companyId && (
          <MarkFiledDialog companyId={companyId} month={marking} onClose={() => setMarking(null)} />
        )}
      </CardContent>
    </Card>
  );
}
