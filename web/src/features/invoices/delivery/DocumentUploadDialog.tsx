import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { toProblem } from '../../../shared/problem';
import { toast } from '../../../shared/toasts';
import {
  asDocumentFile,
  DOCUMENT_MESSAGES,
  documentFileProblem,
  formatBytes,
  UPLOAD_CAP,
  UPLOAD_CLOSE_MS,
  UPLOAD_TICK_MS,
  UPLOAD_TICK_STEP,
} from './delivery-messages';
import { useUploadDocumentMutation } from './delivery.api';

/**
 * Attach a document to an invoice (as the client's specification asks): a file (or, on a phone, a camera photo saved as
 * .jpeg) with an optional note. Type and size are checked before the upload; the progress ticks every 50 ms up to
 * 90, shows 100 on success and the dialog closes 1.5 s later.
 */
export function DocumentUploadDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const touch = useMediaQuery('(pointer: coarse)');
  const [upload] = useUploadDocumentMutation();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const timers = useRef<number[]>([]);
  const busy = progress !== null;

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearInterval(timer);
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const renamed = asDocumentFile(chosen);
    setFile(renamed);
    setProblem(documentFileProblem(renamed));
  };

  const submit = async () => {
    if (!file) {
      setProblem(DOCUMENT_MESSAGES.chooseFile);
      return;
    }
    const invalid = documentFileProblem(file);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    setProgress(0);
    const ticker = window.setInterval(
      () => setProgress((value) => (value === null ? value : Math.min(UPLOAD_CAP, value + UPLOAD_TICK_STEP))),
      UPLOAD_TICK_MS,
    );
    timers.current.push(ticker);
    try {
      await upload({ invoiceId, file, note: note.trim() }).unwrap();
      window.clearInterval(ticker);
      setProgress(100);
      timers.current.push(window.setTimeout(onClose, UPLOAD_CLOSE_MS));
    } catch (error) {
      window.clearInterval(ticker);
      setProgress(null);
      const reason = toProblem(error)?.message;
      setProblem(reason && reason !== DOCUMENT_MESSAGES.uploadFailed ? reason : null);
      toast.error(DOCUMENT_MESSAGES.uploadFailed);
    }
  };

  const done = progress === 100;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Upload Document</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label="Document file"
            accept=".pdf,.jpg,.jpeg,.png,.gif,.webp,.heic,.heif,.csv,.txt,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,image/*,application/pdf"
            onChange={choose}
          />
          <input
            ref={cameraInput}
            type="file"
            hidden
            aria-label="Camera photo"
            accept="image/*"
            capture="environment"
            onChange={choose}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              disabled={busy}
              onClick={() => fileInput.current?.click()}
            >
              Choose File
            </Button>
            {touch && (
              <Button
                variant="outlined"
                startIcon={<CameraAltOutlined />}
                disabled={busy}
                onClick={() => cameraInput.current?.click()}
              >
                Take Photo
              </Button>
            )}
          </Box>
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} aria-live="polite">
            {file
              ? `${file.name} · ${formatBytes(file.size)}`
              : 'PDF, image, CSV, text or office document, at most 5 MB.'}
          </Typography>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            label="Note"
            multiline
            minRows={2}
            value={note}
            disabled={busy}
            onChange={(event) => setNote(event.target.value)}
            helperText="Optional: what the document is."
          />
          {progress !== null && (
            <Box>
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label="Upload progress"
                color={done ? 'success' : 'primary'}
              />
              <Typography variant="caption" color="text.secondary" role="status">
                {done ? 'Uploaded · 100%' : `Uploading… ${progress}%`}
              </Typography>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy && !done}>
          {done ? 'Close' : 'Cancel'}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || (!!problem && !!file && !!documentFileProblem(file))}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
