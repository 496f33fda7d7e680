import Button from '@mui/material/Button';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { saveFile } from '../../shared/download';
import { toast } from '../../shared/toasts';
import { problemText } from './problem-text';
import { usePdfMutation } from './shop.api';

/** Downloads the PDF of one of the customer's orders or invoices, as the office prints it. */
export function PdfButton({ kind, id, name }: { kind: 'order' | 'invoice'; id: string; name: string }) {
  const [download, downloading] = usePdfMutation();
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlined />}
      disabled={downloading.isLoading}
      aria-label={`Download PDF of ${name}`}
      onClick={() =>
        void download({ kind, id })
          .unwrap()
          .then(saveFile)
          .catch((problem: unknown) => toast.error(problemText(problem)))
      }
    >
      {downloading.isLoading ? 'Preparing PDF…' : 'Download PDF'}
    </Button>
  );
}
