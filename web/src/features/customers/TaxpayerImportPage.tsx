import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { TaxpayerImportResult } from '#domain/contracts/customer.contract';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeader } from '../../shared/ui/PageHeader';
import { uploadWithProgress } from '../../shared/upload-with-progress';
import { formatBytes } from '../invoices/delivery/delivery-messages';
import { customersApi } from './customers.api';

export const TAXPAYER_IMPORT_TEXTS = {
  title: 'Taxpayer Numbers',
  subtitle: "Fill customers' Comptroller taxpayer numbers from the Comptroller's public data.",
  choose: 'Choose File',
  upload: 'Upload and Fill',
  noFile: 'Please choose the mixed beverage gross receipts file (CSV) to upload.',
  tooLarge: 'The file is over 50 MB: filter the data set to your customers, or use the command line.',
  unreachable: 'The server could not be reached. Try again.',
  ownerOnly: 'Only the owner can fill taxpayer numbers from a file.',
} as const;

const MAX_BYTES = 50 * 1024 * 1024;

type Step =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'matching' }
  | { kind: 'done'; result: TaxpayerImportResult }
  | { kind: 'failed'; messages: string[] };

/**
 * /customer/taxpayer-numbers (the owner): upload the Comptroller's Mixed Beverage Gross Receipts file (data.texas.gov
 * naa9-5pif, CSV) with its progress; customers are matched by TABC permit and only empty taxpayer numbers are filled.
 * The answer counts matched, filled, kept and unmatched customers and lists rows skipped.
 */
export default function TaxpayerImportPage() {
  const token = useAppSelector((state) => state.session.token);
  const owner = useAppSelector((state) => state.session.user?.role === 'owner');
  const dispatch = useAppDispatch();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const busy = step.kind === 'uploading' || step.kind === 'matching';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setStep(
      chosen.size > MAX_BYTES
        ? { kind: 'failed', messages: [TAXPAYER_IMPORT_TEXTS.tooLarge] }
        : { kind: 'idle' },
    );
  };

  const upload = async () => {
    if (!file) return setStep({ kind: 'failed', messages: [TAXPAYER_IMPORT_TEXTS.noFile] });
    if (file.size > MAX_BYTES) return setStep({ kind: 'failed', messages: [TAXPAYER_IMPORT_TEXTS.tooLarge] });
    setStep({ kind: 'uploading', sent: 0, total: file.size });
    const answer = await uploadWithProgress<TaxpayerImportResult>(
      'customer/taxpayer-numbers/import',
      token,
      'file',
      file,
      (sent, total) => setStep(sent >= total ? { kind: 'matching' } : { kind: 'uploading', sent, total }),
    );
    if (answer.status === 200 && answer.body && 'matched' in answer.body) {
      setStep({ kind: 'done', result: answer.body });
      dispatch(customersApi.util.invalidateTags(['Customer']));
      return;
    }
    const problem = answer.body && 'message' in answer.body ? answer.body : null;
    setStep({
      kind: 'failed',
      messages:
        answer.status === 0
          ? [TAXPAYER_IMPORT_TEXTS.unreachable]
          : answer.status === 413
            ? [TAXPAYER_IMPORT_TEXTS.tooLarge]
            : [problem?.message ?? 'The file could not be read.'],
    });
  };

  return (
    <>
      <PageHeader title={TAXPAYER_IMPORT_TEXTS.title} subtitle={TAXPAYER_IMPORT_TEXTS.subtitle} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5}>
            <Typography>
              Download the Comptroller&apos;s{' '}
              <Link href="https://data.texas.gov/d/naa9-5pif" target="_blank" rel="noreferrer">
                Mixed Beverage Gross Receipts
              </Link>{' '}
              data set as CSV (filtered to your customers&apos; cities or permits keeps it small) and upload
              it here. Each customer is matched by its TABC permit; the latest month&apos;s taxpayer number
              fills an empty one. A number already on a customer is never changed.
            </Typography>
            {!owner ? (
              <Alert severity="info">{TAXPAYER_IMPORT_TEXTS.ownerOnly}</Alert>
            ) : (
              <>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
                  <input
                    ref={input}
                    id={inputId}
                    type="file"
                    accept=".csv,text/csv"
                    aria-label="Mixed beverage gross receipts file"
                    onChange={choose}
                    hidden
                  />
                  <Button
                    variant="outlined"
                    startIcon={<UploadFileOutlined />}
                    onClick={() => input.current?.click()}
                    disabled={busy}
                  >
                    {TAXPAYER_IMPORT_TEXTS.choose}
                  </Button>
                  <Typography
                    color={file ? 'text.primary' : 'text.secondary'}
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {file ? `${file.name} · ${formatBytes(file.size)}` : 'No file chosen'}
                  </Typography>
                </Box>
                <Box>
                  <Button variant="contained" onClick={() => void upload()} loading={busy}>
                    {TAXPAYER_IMPORT_TEXTS.upload}
                  </Button>
                </Box>
              </>
            )}
            {step.kind === 'uploading' && (
              <Box role="status">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  Uploading: {Math.floor((step.sent / Math.max(step.total, 1)) * 100)}% of{' '}
                  {formatBytes(step.total)}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={(step.sent / Math.max(step.total, 1)) * 100}
                  aria-label="Upload progress"
                />
              </Box>
            )}
            {step.kind === 'matching' && (
              <Box role="status">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  Uploaded. Reading the file and matching your customers…
                </Typography>
                <LinearProgress aria-label="Matching customers" />
              </Box>
            )}
            {step.kind === 'failed' && (
              <Alert severity="error" role="alert">
                {step.messages.join(' ')}
              </Alert>
            )}
            {step.kind === 'done' && <ImportResult result={step.result} />}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}

function ImportResult({ result }: { result: TaxpayerImportResult }) {
  const counts: [string, number, string][] = [
    ['Matched', result.matched, 'customers found in the file by TABC permit'],
    ['Filled', result.filled, 'had no taxpayer number and got the file’s'],
    ['Kept', result.kept, 'had a number already: never overwritten'],
    ['Unmatched', result.unmatched, 'customers the file does not name'],
  ];
  return (
    <Alert severity="success" role="status" aria-label="Import result">
      <AlertTitle>
        Read {result.rows} rows of {result.file_name}
        {result.skipped > 0 ? `; skipped ${result.skipped}` : ''}.
      </AlertTitle>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {counts.map(([label, value, help]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {label}: {value}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} color="text.secondary">
              {help}
            </Typography>
          </Box>
        ))}
      </Box>
      {result.examples.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Rows skipped:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.examples.map(({ line, reason }) => (
              <li key={line}>
                <Typography variant="body2">
                  Line {line}: {reason}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Alert>
  );
}
