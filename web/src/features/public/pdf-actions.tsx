import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { saveFile, type DownloadedFile } from '../../shared/download';
import { formatDate } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import type { PublicLink } from './pdf.api';

export const PDF_MESSAGES = {
  failed: 'Error generating pdf',
  linkFailed: 'The link could not be created.',
  copied: 'Link copied',
  copyFailed: 'Could not copy: select the link and copy it yourself.',
  loadFailed: 'Sorry, something went wrong!',
  revokeTitle: 'Revoke the public links?',
  revoke: 'Revoke links',
  revokeFailed: 'The links could not be revoked.',
} as const;

/** The toast after revoking: how many live links stopped working. */
export const revokedMessage = (count: number) =>
  count === 0
    ? 'There was no live public link to revoke.'
    : `${count} public ${count === 1 ? 'link' : 'links'} revoked: ${count === 1 ? 'it no longer opens' : 'they no longer open'}.`;

/** 'Error generating pdf' with the reason the server gave (as the client's specification asks). */
export function pdfErrorMessage(error: unknown): string {
  const problem = toProblem(error);
  const reasons = [
    ...(problem?.details.map((detail) => detail.message) ?? []),
    problem?.message && problem.message !== PDF_MESSAGES.failed ? problem.message : '',
  ].filter(Boolean);
  return reasons.length ? `${PDF_MESSAGES.failed}: ${reasons.join(' ')}` : PDF_MESSAGES.failed;
}

/** Runs a download and saves the file; on failure 'Error generating pdf' with the reason. */
export function usePdfDownload<A>(download: (arg: A) => Promise<DownloadedFile>) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (arg: A) => {
      setBusy(true);
      try {
        saveFile(await download(arg));
      } catch (error) {
        toast.error(pdfErrorMessage(error), { seconds: TOAST_SECONDS.long });
      } finally {
        setBusy(false);
      }
    },
    [download],
  );
  return { busy, run };
}

/** The Pdf button of a page header. */
export function PdfButton({
  busy,
  onClick,
  label = 'Pdf',
  ariaLabel,
  variant = 'outlined',
}: {
  busy: boolean;
  onClick: () => void;
  label?: string;
  ariaLabel?: string;
  variant?: 'outlined' | 'contained' | 'text';
}) {
  return (
    <Button
      variant={variant}
      onClick={onClick}
      disabled={busy}
      aria-label={ariaLabel}
      startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlined />}
    >
      {label}
    </Button>
  );
}

/** The absolute address of an app path ('/invoice/pdf/…'). */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();

async function copyText(text: string, fallback: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallback) return false;
    fallback.focus();
    fallback.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * 'Share link': creates a public link (no sign-in needed to open it), copies its absolute address and shows it in
 * a small dialog with a Copy button.
 */
export function ShareLinkButton({
  create,
  title,
  label = 'Share link',
}: {
  create: () => Promise<PublicLink>;
  /** the dialog's title, e.g. 'Share Invoice #1042' */
  title: string;
  /** the button's text */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const copy = async (url: string) => {
    if (await copyText(url, input.current)) toast.success(PDF_MESSAGES.copied);
    else toast.warning(PDF_MESSAGES.copyFailed);
  };

  const share = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const created = await create();
      const url = absoluteUrl(created.url);
      setLink({ url, expires_at: created.expires_at });
      setOpen(true);
      await copy(url);
    } catch (error) {
      toast.error([PDF_MESSAGES.linkFailed, toProblem(error)?.message].filter(Boolean).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => void share()}
        // not `disabled`: a disabled button drops the focus, and the dialog that opens could not give it back
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <LinkOutlined />}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="share-link-title"
      >
        <DialogTitle id="share-link-title">{title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Anyone with this link can view and download the PDF without signing in
            {link ? `, until ${formatDate(link.expires_at)}` : ''}.
          </Typography>
          <TextField
            inputRef={input}
            fullWidth
            size="small"
            label="Public link"
            value={link?.url ?? ''}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'public-link' } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
          <Button
            variant="contained"
            startIcon={<ContentCopyOutlined />}
            onClick={() => link && void copy(link.url)}
          >
            Copy
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * 'Revoke links', next to 'Share link': after a confirmation, every live public link to the document stops working
 * (links already sent included); a new one can be shared afterwards. Says how many were revoked, or why it failed.
 */
export function RevokeLinksButton({
  revoke,
  what,
}: {
  revoke: () => Promise<{ revoked: number }>;
  /** what the links show, e.g. "Acme Liquor's balance" */
  what: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const { revoked } = await revoke();
      toast.success(revokedMessage(revoked));
      setOpen(false);
    } catch (error) {
      toast.error([PDF_MESSAGES.revokeFailed, toProblem(error)?.message].filter(Boolean).join(' '), {
        seconds: TOAST_SECONDS.long,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => setOpen(true)}
        startIcon={<LinkOffOutlined />}
      >
        {PDF_MESSAGES.revoke}
      </Button>
      <ConfirmDialog
        open={open}
        title={PDF_MESSAGES.revokeTitle}
        confirmLabel={PDF_MESSAGES.revoke}
        destructive
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        Every public link to {what} stops working at once, including links already sent. You can share a new
        link afterwards.
      </ConfirmDialog>
    </>
  );
}
