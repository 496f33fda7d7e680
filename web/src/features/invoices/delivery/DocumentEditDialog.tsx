import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { toProblem } from '../../../shared/problem';
import { toast } from '../../../shared/toasts';
import { DOCUMENT_MESSAGES } from './delivery-messages';
import { useUpdateDocumentMutation, type InvoiceDocument } from './delivery.api';

/** Rename a document and edit its note ('File name can not be empty'). */
export function DocumentEditDialog({
  document,
  onClose,
}: {
  document: InvoiceDocument;
  onClose: () => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(document.originalname);
  const [note, setNote] = useState(document.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateDocumentMutation();

  const submit = async () => {
    const originalname = name.trim();
    if (!originalname) {
      setError(DOCUMENT_MESSAGES.nameRequired);
      return;
    }
    try {
      await update({ document, originalname, note: note.trim() }).unwrap();
      toast.success(DOCUMENT_MESSAGES.updated);
      onClose();
    } catch (caught) {
      const problem = toProblem(caught);
      if (problem?.status === 400 && problem.message) setError(problem.message);
      toast.error(DOCUMENT_MESSAGES.updateFailed);
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Edit document</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          id={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            label="File name"
            required
            autoFocus
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(event.target.value.trim() ? null : DOCUMENT_MESSAGES.nameRequired);
            }}
            error={!!error}
            helperText={error ?? ' '}
          />
          <TextField
            label="Note"
            multiline
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={isLoading}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
