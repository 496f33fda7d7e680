import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { toast } from '../../../shared/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DOCUMENT_MESSAGES, formatBytes } from './delivery-messages';
import {
  useAddPrivateNoteMutation,
  useDeleteDocumentMutation,
  useDeletePrivateNoteMutation,
  useInvoiceDocumentsQuery,
  type InvoiceDocument,
  type PrivateNote,
} from './delivery.api';
import { DocumentEditDialog } from './DocumentEditDialog';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';
import { DocumentUploadDialog } from './DocumentUploadDialog';
import { RetryAlert } from '../../../shared/ui/RetryAlert';

function DocumentIcon({ mimetype }: { mimetype: string }) {
  if (mimetype === 'application/pdf') return <PictureAsPdfOutlined color="error" />;
  if (mimetype.startsWith('image/')) return <ImageOutlined color="primary" />;
  return <DescriptionOutlined color="action" />;
}

function Empty() {
  return (
    <Box
      role="status"
      sx={{
        display: 'grid',
        justifyItems: 'center',
        gap: 0.5,
        py: 3,
        px: 2,
        textAlign: 'center',
        borderRadius: 1,
        bgcolor: 'background.default',
      }}
    >
      <FolderOpenOutlined aria-hidden sx={{ fontSize: 36, color: 'text.disabled' }} />
      <Typography sx={{ fontWeight: 600 }}>{DOCUMENT_MESSAGES.noDocuments}</Typography>
      <Typography variant="body2" color="text.secondary">
        {DOCUMENT_MESSAGES.noDocumentsHint}
      </Typography>
    </Box>
  );
}

function DocumentList({
  documents,
  onPreview,
  onEdit,
  onDelete,
}: {
  documents: InvoiceDocument[];
  onPreview: (document: InvoiceDocument) => void;
  onEdit: (document: InvoiceDocument) => void;
  onDelete: (document: InvoiceDocument) => void;
}) {
  return (
    <List dense aria-label="Documents" disablePadding>
      {documents.map((document) => (
        <ListItem
          key={document.id}
          divider
          sx={{ pr: 15 }}
          secondaryAction={
            <Box sx={{ display: 'flex' }}>
              <Tooltip title="Preview">
                <IconButton
                  aria-label={`Preview ${document.originalname}`}
                  onClick={() => onPreview(document)}
                >
                  <VisibilityOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Rename or edit note">
                <IconButton aria-label={`Edit ${document.originalname}`} onClick={() => onEdit(document)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton
                  color="error"
                  aria-label={`Delete ${document.originalname}`}
                  onClick={() => onDelete(document)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          }
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <DocumentIcon mimetype={document.mimetype} />
          </ListItemIcon>
          <ListItemText
            primary={
              <Link
                component="button"
                type="button"
                underline="hover"
                onClick={() => onPreview(document)}
                sx={{ fontWeight: 600, textAlign: 'left', wordBreak: 'break-all' }}
              >
                {document.originalname}
              </Link>
            }
            secondary={
              <>
                <span>{`${formatBytes(document.size)} · ${formatDateTime(document.updatedAt)}`}</span>
                {document.note && (
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.primary"
                    sx={{ display: 'block', whiteSpace: 'pre-wrap' }}
                  >
                    {document.note}
                  </Typography>
                )}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

function PrivateNotes({ invoiceId, notes }: { invoiceId: string; notes: PrivateNote[] }) {
  const [text, setText] = useState('');
  const [add, { isLoading: adding }] = useAddPrivateNoteMutation();
  const [remove] = useDeletePrivateNoteMutation();
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = async () => {
    const note = text.trim();
    if (!note) return;
    try {
      await add({ invoiceId, note }).unwrap();
      setText('');
    } catch {
      toast.error(DOCUMENT_MESSAGES.noteAddFailed);
    }
  };
  const removeNote = async (note: PrivateNote) => {
    setRemoving(note.id);
    try {
      await remove({ invoiceId, noteId: note.id }).unwrap();
    } catch {
      toast.error(DOCUMENT_MESSAGES.noteDeleteFailed);
    } finally {
      setRemoving(null);
    }
  };
  const sorted = [...notes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <Box>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Private note"
          placeholder="Only your team sees it"
          fullWidth
          multiline
          maxRows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="submit" variant="contained" disabled={!text.trim()} loading={adding} sx={{ mt: 0.25 }}>
          Add
        </Button>
      </Box>
      {sorted.length > 0 && (
        <List dense aria-label="Private notes" disablePadding sx={{ mt: 1 }}>
          {sorted.map((note) => (
            <ListItem
              key={note.id}
              divider
              secondaryAction={
                <Tooltip title="Delete note">
                  <IconButton
                    color="error"
                    aria-label={`Delete note: ${note.note}`}
                    disabled={removing === note.id}
                    onClick={() => void removeNote(note)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <StickyNote2Outlined color="warning" />
              </ListItemIcon>
              <ListItemText
                primary={note.note}
                secondary={formatDateTime(note.createdAt)}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * The invoice view's documents and private notes (as the client's specification asks): upload (a file or a
 * camera photo), preview from the bytes fetched with the session, rename and note, delete; private notes only the
 * company sees.
 */
export function InvoiceDocumentsSection({ invoiceId }: { invoiceId: string }) {
  const titleId = useId();
  const { data, isLoading, isError, refetch } = useInvoiceDocumentsQuery(invoiceId);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<InvoiceDocument | null>(null);
  const [editing, setEditing] = useState<InvoiceDocument | null>(null);
  const [deleting, setDeleting] = useState<InvoiceDocument | null>(null);
  const [asking, setAsking] = useState(false);
  const [remove, { isLoading: removing }] = useDeleteDocumentMutation();

  const removeDocument = async () => {
    if (!deleting) return;
    try {
      await remove(deleting).unwrap();
      toast.success(`${deleting.originalname} deleted`);
    } catch {
      toast.error(DOCUMENT_MESSAGES.loadFailed);
    } finally {
      setAsking(false);
    }
  };

  const documents = data?.documents ?? [];
  const notes = data?.notes ?? [];
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            Documents and notes
          </Typography>
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadFileOutlined />}
            onClick={() => setUploading(true)}
          >
            Upload Document
          </Button>
        </Box>
        {isLoading ? (
          <Skeleton variant="rounded" height={96} />
        ) : isError || !data ? (
          <RetryAlert onRetry={() => void refetch()} small>
            {DOCUMENT_MESSAGES.loadFailed}
          </RetryAlert>
        ) : (
          <>
            {documents.length === 0 && notes.length === 0 ? (
              <Empty />
            ) : (
              documents.length > 0 && (
                <DocumentList
                  documents={documents}
                  onPreview={setPreviewing}
                  onEdit={setEditing}
                  onDelete={(document) => {
                    setDeleting(document);
                    setAsking(true);
                  }}
                />
              )
            )}
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Private notes
            </Typography>
            <PrivateNotes invoiceId={invoiceId} notes={notes} />
          </>
        )}
      </CardContent>
      {uploading && <DocumentUploadDialog invoiceId={invoiceId} onClose={() => setUploading(false)} />}
      {previewing && <DocumentPreviewDialog document={previewing} onClose={() => setPreviewing(null)} />}
      {editing && <DocumentEditDialog document={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={asking}
        title={deleting ? `Sure you want to delete ${deleting.originalname}?` : ''}
        confirmLabel="Delete Document"
        cancelLabel="Nevermind"
        destructive
        busy={removing}
        onConfirm={() => void removeDocument()}
        onClose={() => setAsking(false)}
      >
        The file is removed from this invoice for good.
      </ConfirmDialog>
    </Card>
  );
}
