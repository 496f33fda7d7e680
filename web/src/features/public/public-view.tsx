import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { toProblem } from '../../shared/problem';
import { BrandMark } from '../../shared/ui/BrandMark';
import { PDF_MESSAGES } from './pdf-actions';
import type { PublicCompany } from './pdf.api';

declare global {
  interface Window {
    /** Set once a public document has loaded: a headless exporter may print the page now. */
    readyForExport?: boolean;
  }
}

/** Sets the ready-for-export flag (`window.readyForExport`, `<body data-ready-for-export>`) once `ready`. */
export function useReadyForExport(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    window.readyForExport = true;
    document.body.dataset.readyForExport = 'true';
    return () => {
      window.readyForExport = false;
      delete document.body.dataset.readyForExport;
    };
  }, [ready]);
}

export const sectionLabel = {
  display: 'block',
  fontSize: '0.75rem',
  lineHeight: 1.6,
  letterSpacing: '0.08em',
  fontWeight: 700,
  textTransform: 'uppercase',
  color: 'text.secondary',
} as const;

/** The distributor: logo, name, address, TABC id. */
export function CompanyHeader({ company }: { company: PublicCompany }) {
  return (
    <Box component="section" aria-label="Company" sx={{ minWidth: 0 }}>
      {company.logo && (
        <Box
          component="img"
          src={company.logo}
          alt={`${company.name} logo`}
          sx={{ display: 'block', maxWidth: 200, maxHeight: 100, objectFit: 'contain', mb: 1.5 }}
        />
      )}
      <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>{company.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {company.address}
        <br />
        {[company.city, [company.state, company.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </Typography>
      {company.tabc_id && (
        <Typography variant="body2" color="text.secondary">
          TABC ID {company.tabc_id}
        </Typography>
      )}
    </Box>
  );
}

const figureStyle = {
  fontSize: '2rem',
  fontWeight: 700,
  lineHeight: 1.2,
  fontVariantNumeric: 'tabular-nums',
} as const;

/**
 * The head of a customer's document: the distributor beside the amount it is about (its label, the figure and a
 * note under it), then the customer with its TABC id.
 */
export function CustomerDocumentHead({
  company,
  customer,
  figure,
}: {
  company: PublicCompany;
  customer: { name: string; display_tabc_id: string };
  figure: { label: string; value: string; note: ReactNode };
}) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
        <CompanyHeader company={company} />
        <Box component="section" aria-label={figure.label} sx={{ textAlign: { sm: 'right' } }}>
          <Typography sx={sectionLabel}>{figure.label}</Typography>
          <Typography sx={{ ...figureStyle, whiteSpace: 'nowrap' }}>{figure.value}</Typography>
          <Typography variant="body2" color="text.secondary">
            {figure.note}
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-label="Customer" sx={{ mb: 3 }}>
        <Typography sx={sectionLabel}>Customer</Typography>
        <Typography sx={{ fontWeight: 700 }}>{customer.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          TABC ID {customer.display_tabc_id}
        </Typography>
      </Box>
    </>
  );
}

/**
 * A public document page (as the client's specification asks): no sign-in, no app shell; the heading, a Download PDF
 * button and the document.
 */
export function PublicPage({
  title,
  heading,
  subheading,
  downloading,
  onDownload,
  children,
}: {
  title: string;
  heading: ReactNode;
  /** A line under the heading, smaller. */
  subheading?: ReactNode;
  downloading: boolean;
  onDownload: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 }, px: 2 }}
    >
      <title>{`${title} · Stampline`}</title>
      <Box sx={{ maxWidth: 960, mx: 'auto' }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 3,
          }}
        >
          <Typography variant="h1">
            {heading}
            {subheading && (
              <Typography
                component="span"
                sx={{ display: 'block', fontSize: '1rem', color: 'text.secondary' }}
              >
                {subheading}
              </Typography>
            )}
          </Typography>
          <Button
            variant="contained"
            onClick={onDownload}
            disabled={downloading}
            startIcon={
              downloading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadOutlined />
            }
          >
            Download PDF
          </Button>
        </Box>
        <Card component="article" aria-label={title}>
          <CardContent sx={{ p: { xs: 2, sm: 4 }, '&:last-child': { pb: { xs: 2, sm: 4 } } }}>
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

export function PublicLoading({ label }: { label: string }) {
  return (
    <Box component="main" aria-busy="true" aria-label={label} sx={{ maxWidth: 960, mx: 'auto', p: 4 }}>
      <Skeleton variant="text" width={260} height={48} sx={{ mb: 2 }} />
      <Skeleton variant="rounded" height={480} />
    </Box>
  );
}

/** 'Sorry, something went wrong!' with the message (a wrong or expired link says so, and nothing more). */
export function PublicError({ error }: { error: unknown }) {
  const message = toProblem(error)?.message;
  return (
    <Box
      component="main"
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
        px: 2,
      }}
    >
      <title>{`${PDF_MESSAGES.loadFailed} · Stampline`}</title>
      <BrandMark />
      <ErrorOutline aria-hidden color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h1" sx={{ textAlign: 'center' }}>
        {PDF_MESSAGES.loadFailed}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {message}
        </Typography>
      )}
    </Box>
  );
}
