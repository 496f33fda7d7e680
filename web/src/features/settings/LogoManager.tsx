import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Logo } from '../../shared/company/company.api';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import {
  useChooseDefaultLogoMutation,
  useListLogosQuery,
  useRemoveLogoMutation,
  useUploadLogoMutation,
} from './company-settings.api';
import { useLogoImage } from './use-logo-image';

/** The client's specification's Logo messages, §9 the advised size, §4 the upload progress (50 ms ticks up to 90, then 100). */
export const LOGO_MESSAGES = {
  uploadFailed: 'Error Uploading Logo',
  loadFailed: 'Error loading Logos',
  removeFailed: 'Error Removing Logo',
  defaultFailed: 'Error Choosing Default Logo',
  notAnImage: 'The logo must be a PNG, JPEG, GIF or WebP image.',
  tooLarge: 'The logo must be at most 5 MB.',
  hint: 'Advised 200×100 px, at least 2:1 (width to height).',
  uploaded: 'Logo uploaded.',
  removed: 'Logo removed.',
} as const;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;
const TICK_MS = 50;
const TICK_STEP = 5;
const TICK_CAP = 90;
const DONE_SHOWN_MS = 1500;

/** The logo manager of /setting: upload, choose the default, remove (GET/POST/PUT/DELETE /company/logo). */
export function LogoManager() {
  const logos = useListLogosQuery();
  const [upload] = useUploadLogoMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ticker = useRef<number | undefined>(undefined);
  const doneTimer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearInterval(ticker.current);
      window.clearTimeout(doneTimer.current);
    },
    [],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      toast.error(LOGO_MESSAGES.notAnImage, { title: LOGO_MESSAGES.uploadFailed });
      return;
    }
    if (file.size > MAX_BYTES) {
      toast.error(LOGO_MESSAGES.tooLarge, { title: LOGO_MESSAGES.uploadFailed });
      return;
    }
    window.clearTimeout(doneTimer.current);
    setProgress(0);
    ticker.current = window.setInterval(
      () => setProgress((value) => (value === null ? value : Math.min(TICK_CAP, value + TICK_STEP))),
      TICK_MS,
    );
    try {
      await upload(file).unwrap();
      window.clearInterval(ticker.current);
      setProgress(100);
      toast.success(LOGO_MESSAGES.uploaded);
      doneTimer.current = window.setTimeout(() => setProgress(null), DONE_SHOWN_MS);
    } catch (error) {
      window.clearInterval(ticker.current);
      setProgress(null);
      toast.error(toProblem(error)?.message || LOGO_MESSAGES.uploadFailed, {
        title: LOGO_MESSAGES.uploadFailed,
      });
    }
  };

  const uploading = progress !== null && progress < 100;

  return (
    <Card component="section" aria-labelledby="company-logo-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="company-logo-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
          Company Logo
        </Typography>
        <Typography color="text.secondary" id="company-logo-hint" sx={{ mb: 2 }}>
          {LOGO_MESSAGES.hint} The default logo prints on your invoices.
        </Typography>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          aria-label="Logo file"
          onChange={choose}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => input.current?.click()}
          disabled={uploading}
          aria-describedby="company-logo-hint"
        >
          Upload Logo
        </Button>
        {progress !== null && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2 }}>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label="Logo upload progress"
              sx={{ flex: 1, height: 6, borderRadius: 3 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
              {progress}%
            </Typography>
          </Box>
        )}
        <Box sx={{ mt: 2.5 }}>
          <LogoList
            logos={logos.data}
            loading={logos.isLoading}
            error={logos.isError && !logos.data}
            onRetry={() => void logos.refetch()}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

function LogoList({
  logos,
  loading,
  error,
  onRetry,
}: {
  logos: Logo[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  // the logo stays while the dialog closes, so its text does not change during the exit transition
  const [removing, setRemoving] = useState<Logo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [remove, removal] = useRemoveLogoMutation();
  const [chooseDefault, choosing] = useChooseDefaultLogoMutation();

  if (loading)
    return (
      <Box role="status" aria-label="Loading logos" sx={tiles}>
        <Skeleton variant="rounded" height={172} />
        <Skeleton variant="rounded" height={172} />
      </Box>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        <AlertTitle>{LOGO_MESSAGES.loadFailed}</AlertTitle>
        Please try again.
      </Alert>
    );
  if (!logos?.length)
    return (
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          gap: 1,
          py: 3,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          color: 'text.secondary',
        }}
      >
        <ImageOutlined aria-hidden sx={{ fontSize: 36, color: 'text.disabled' }} />
        <Typography color="text.secondary">No logo uploaded yet.</Typography>
      </Box>
    );

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove(removing.id).unwrap();
      toast.success(LOGO_MESSAGES.removed);
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      toast.error(toProblem(error)?.message || LOGO_MESSAGES.removeFailed, {
        title: LOGO_MESSAGES.removeFailed,
      });
    }
  };

  const makeDefault = async (logo: Logo) => {
    try {
      await chooseDefault(logo.id).unwrap();
    } catch (error) {
      toast.error(toProblem(error)?.message || LOGO_MESSAGES.defaultFailed, {
        title: LOGO_MESSAGES.defaultFailed,
      });
    }
  };

  return (
    <>
      <Box component="ul" aria-label="Logos" sx={{ ...tiles, listStyle: 'none', m: 0, p: 0 }}>
        {logos.map((logo) => (
          <LogoTile
            key={logo.id}
            logo={logo}
            busy={choosing.isLoading && choosing.originalArgs === logo.id}
            onMakeDefault={() => void makeDefault(logo)}
            onRemove={() => {
              setRemoving(logo);
              setConfirming(true);
            }}
          />
        ))}
      </Box>
      <ConfirmDialog
        open={confirming}
        title="Remove this logo?"
        confirmLabel="Remove"
        destructive
        busy={removal.isLoading}
        onConfirm={() => void confirmRemove()}
        onClose={() => setConfirming(false)}
      >
        {removing?.originalname} will no longer be available for your invoices.
      </ConfirmDialog>
    </>
  );
}

const tiles = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: 2,
} as const;

function LogoTile({
  logo,
  busy,
  onMakeDefault,
  onRemove,
}: {
  logo: Logo;
  busy: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const image = useLogoImage(logo.path);
  const narrow = logo.width !== null && logo.height !== null && logo.width < logo.height * 2;
  return (
    <Box
      component="li"
      aria-label={logo.originalname}
      sx={{
        border: 1,
        borderColor: logo.is_default ? 'primary.main' : 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          aspectRatio: '2 / 1',
          display: 'grid',
          placeItems: 'center',
          p: 1.5,
          bgcolor: '#f7f8fb',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {image.status === 'ready' ? (
          <Box
            component="img"
            src={image.url}
            alt={logo.originalname}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : image.status === 'loading' ? (
          <Skeleton variant="rounded" width="100%" height="100%" aria-label="Loading image" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Preview unavailable
          </Typography>
        )}
      </Box>
      <Box sx={{ p: 1.5, display: 'grid', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={logo.originalname}>
            {logo.originalname}
          </Typography>
          <Typography variant="caption" color={narrow ? 'warning.dark' : 'text.secondary'} component="p">
            {logo.width && logo.height ? `${logo.width}×${logo.height} px` : 'Size unknown'}
            {narrow && ' · narrower than 2:1'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          {logo.is_default ? (
            <Chip
              size="small"
              color="primary"
              icon={<CheckCircle />}
              label="Default"
              aria-label={`${logo.originalname} is the default logo`}
            />
          ) : (
            <Button
              size="small"
              onClick={onMakeDefault}
              loading={busy}
              aria-label={`Make ${logo.originalname} the default logo`}
            >
              Make Default
            </Button>
          )}
          <Tooltip title="Remove">
            <IconButton size="small" aria-label={`Remove ${logo.originalname}`} onClick={onRemove}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Box>
  );
}
