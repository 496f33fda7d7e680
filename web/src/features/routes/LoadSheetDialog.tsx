import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDate } from '../../shared/format';
import { PdfButton, usePdfDownload } from '../public/pdf-actions';
import { useLoadSheetQuery, useRoutePdfMutation, type RouteSummary } from './routes.api';

/** The SKU column leaves phones (printed, it shows). */
const SKU = { display: { xs: 'none', sm: 'table-cell' }, '@media print': { display: 'table-cell' } };

/**
 * The load sheet: every product of the route's invoices with its bottles and the stamp serials they carry. Print
 * prints the sheet alone (the rest of the page is hidden for print).
 */
export function LoadSheetDialog({ route, onClose }: { route: RouteSummary; onClose: () => void }) {
  const [download] = useRoutePdfMutation();
  const pdf = usePdfDownload((of: RouteSummary) => download(of).unwrap());
  const titleId = useId();
  const sheet = useLoadSheetQuery(route.id);
  const bottles = (sheet.data?.lines ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      className="load-sheet"
      sx={{
        '@media print': {
          position: 'static',
          '& .MuiBackdrop-root, & .MuiDialogActions-root': { display: 'none' },
          '& .MuiDialog-paper': { boxShadow: 'none', maxWidth: 'none', maxHeight: 'none', m: 0 },
        },
      }}
    >
      <style>{`@media print { body > *:not(.load-sheet) { display: none !important; } }`}</style>
      <DialogTitle id={titleId}>
        Load sheet · {route.name}
        <Typography color="text.secondary">
          {formatDate(route.date)} · {route.driver?.name ?? 'No driver'}
          {route.truck ? ` · ${route.truck}` : ''} · {route.stops} stop{route.stops === 1 ? '' : 's'}
        </Typography>
      </DialogTitle>
      <DialogContent dividers tabIndex={0} aria-label="Load sheet lines" sx={{ overflowX: 'auto' }}>
        {sheet.isLoading && <Skeleton height={200} />}
        {sheet.isError && <Alert severity="error">The load sheet could not be loaded.</Alert>}
        {sheet.isSuccess && sheet.data.lines.length === 0 && (
          <Alert severity="info">No invoice on this route yet: nothing to load.</Alert>
        )}
        {sheet.isSuccess && sheet.data.lines.length > 0 && (
          <Table size="small" aria-label="Load sheet">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell sx={SKU}>SKU</TableCell>
                <TableCell align="right">Bottles</TableCell>
                <TableCell>Stamps</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sheet.data.lines.map((line) => (
                <TableRow key={line.product_id}>
                  <TableCell>{line.product}</TableCell>
                  <TableCell sx={SKU}>{line.sku || '—'}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.stamps.join(', ') || '—'}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
                <TableCell sx={SKU} />
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {bottles}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <PdfButton
          busy={pdf.busy}
          onClick={() => void pdf.run(route)}
          ariaLabel={`Route sheet PDF of ${route.name}`}
        />
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
}
