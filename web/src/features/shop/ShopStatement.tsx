import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { saveFile } from '../../shared/download';
import { formatDate } from '../../shared/format';
import { toast } from '../../shared/toasts';
import { StatementView } from '../statements/StatementView';
import { problemText } from './problem-text';
import { useStatementPdfMutation, useStatementQuery } from './shop.api';

/** The customer's statement of the current month, as the distributor sends it, and its PDF. */
export function ShopStatement() {
  const headingId = useId();
  const statement = useStatementQuery(undefined, { refetchOnMountOrArgChange: true });
  const [download, downloading] = useStatementPdfMutation();
  if (statement.isError) return <Alert severity="error">Failed to load the statement.</Alert>;
  if (!statement.data) return null;
  const { period } = statement.data;
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: 18, fontWeight: 700 }}>
            Statement
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(period.from)} to {formatDate(period.to)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          disabled={downloading.isLoading}
          aria-label="Download PDF of the statement"
          onClick={() =>
            void download()
              .unwrap()
              .then(saveFile)
              .catch((problem: unknown) => toast.error(problemText(problem)))
          }
        >
          {downloading.isLoading ? 'Preparing PDF…' : 'Download PDF'}
        </Button>
      </Box>
      <StatementView statement={statement.data} />
    </Card>
  );
}
