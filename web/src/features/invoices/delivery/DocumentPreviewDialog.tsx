import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { saveFile, type DownloadedFile } from '../../../shared/download';
import { DOCUMENT_MESSAGES, previewKind } from './delivery-messages';
import { usePreviewDocumentMutation, type InvoiceDocument } from './delivery.api';

/**
 * A document's preview (as the client's specification asks): the bytes are fetched with the session and shown from an object URL, never
 * from the raw address: images inline, PDFs in a frame; other types download.
 */
export function DocumentPreviewDialog({
  document,
  onClose,
}: {
  document: InvoiceDocument;
  onClose: () => void;
}) {
  const titleId = useId();
  const [fetchPreview] = usePreviewDocumentMutation();
  const [file, setFile] = useState<DownloadedFile | null>(null);
  const [failed, setFailed] = useState(false);
  const kind = previewKind(document.mimetype);

  useEffect(() => {
    let current: DownloadedFile | null = null;
    let alive = true;
    fetchPreview(document)
      .unwrap()
      .then((loaded) => {
        current = loaded;
        if (!alive) return URL.revokeObjectURL(loaded.url);
        if (kind === 'download') {
          saveFile({ url: loaded.url, filename: document.originalname });
          current = null;
          onClose();
          return;
        }
        setFile(loaded);
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
      if (current) URL.revokeObjectURL(current.url);
    };
    // one fetch per opened document
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [document.id]);

  if (kind === 'download' && !failed) return null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-all' }}>
        {document.originalname}
      </DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="error" role="alert">
            {DOCUMENT_MESSAGES.previewFailed}
          </Alert>
        ) : !file ? (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} aria-busy="true">
            <CircularProgress aria-label="Loading preview" />
          </Box>
        ) : kind === 'image' ? (
          <Box
            component="img"
            src={file.url}
            alt={document.originalname}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto', borderRadius: 1 }}
          />
        ) : (
          <Box
            component="iframe"
            src={file.url}
            title={`Preview of ${document.originalname}`}
            sx={{ width: '100%', height: '70vh', border: 0, borderRadius: 1, bgcolor: 'grey.100' }}
          />
        )}
        {document.note && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>
            {document.note}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {file && (
          <Button
            startIcon={<DownloadOutlined />}
            onClick={() => {
              const link = window.document.createElement('a');
              link.href = file.url;
              link.download = document.originalname;
              link.click();
            }}
          >
            Download
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
