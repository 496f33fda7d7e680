import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useFeature } from '../../../shared/feature-gate/use-feature';
import { INVOICE_UPLOAD_TEXTS } from '../../integrations/InvoiceUploadDialog';
import { AddRollForm } from '../../stamps/AddRollForm';
import { INVOICE_STATUS_LABELS, useNewInvoiceNumberQuery } from '../invoices.api';
import { BUILDER_MESSAGES } from './builder-messages';
import { modeSubtitle, type BuilderMode } from './builder-mode';

/**
 * The builder's title ('New Invoice #' and the next number, B for beer; or 'Edit #'), its status, what it is for,
 * Back, and Replicate Last Invoice / Upload Invoice on a new invoice.
 */
export function BuilderHeader({
  mode,
  customerId,
  beer,
  replicating,
  onReplicate,
  onUpload,
}: {
  mode: BuilderMode;
  customerId: string | undefined;
  beer: boolean;
  replicating: boolean;
  onReplicate: () => void;
  onUpload: () => void;
}) {
  const navigate = useNavigate();
  const withFintech = useFeature('fintech').active;
  const edited = mode.kind === 'edit' ? mode.invoice : undefined;
  const nextNumber = useNewInvoiceNumberQuery(customerId, { skip: !!edited });
  const numberText = nextNumber.data ? `${nextNumber.data.number}${beer ? 'B' : ''}` : '…';
  const title = edited ? `Edit #${edited.number}` : `New Invoice #${numberText}`;
  return (
    <>
      <title>{`${title} · Stampline`}</title>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Tooltip title="Back">
          <IconButton
            aria-label="Back"
            onClick={() =>
              edited ? navigate(`/invoice/${encodeURIComponent(edited.number)}`) : navigate(-1)
            }
            sx={{ border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <ArrowBackOutlined />
          </IconButton>
        </Tooltip>
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexWrap: 'wrap' }}>
            <Typography variant="h1">{title}</Typography>
            <Chip
              size="small"
              label={edited ? INVOICE_STATUS_LABELS[edited.status] : 'Draft'}
              color={edited ? 'primary' : 'default'}
              variant="outlined"
            />
            {beer && <Chip size="small" label="Beer invoice" color="success" variant="outlined" />}
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {modeSubtitle(mode)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {mode.kind !== 'edit' && mode.kind !== 'replace' && (
            <Button
              variant="outlined"
              startIcon={<HistoryOutlined />}
              disabled={!customerId}
              loading={replicating}
              onClick={onReplicate}
            >
              Replicate Last Invoice
            </Button>
          )}
          {/* not on an invoice made from an order: the order names its customer and items */}
          {mode.kind !== 'edit' && mode.kind !== 'fromOrder' && withFintech && (
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={onUpload}>
              {INVOICE_UPLOAD_TEXTS.button}
            </Button>
          )}
        </Box>
      </Box>
    </>
  );
}

/** No stamp roll yet: liquor cannot be stamped; the roll is registered right here. */
export function StampRollMissingAlert() {
  return (
    <Alert severity="warning" sx={{ mb: 3 }} aria-label="Stamp roll missing">
      <AlertTitle>
        <Link component={RouterLink} to="/stamp/roll" color="inherit" underline="always">
          {BUILDER_MESSAGES.stampRollMissing}
        </Link>
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Liquor needs TABC stamps. Register the roll you are using now; wine, beer and non-alcoholic items can
        be invoiced without one.
      </Typography>
      <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, p: 2, maxWidth: 640 }}>
        <AddRollForm />
      </Box>
    </Alert>
  );
}
