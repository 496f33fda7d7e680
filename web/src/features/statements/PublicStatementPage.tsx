import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { usePdfDownload } from '../public/pdf-actions';
import {
  CompanyHeader,
  PublicError,
  PublicLoading,
  PublicPage,
  sectionLabel,
  useReadyForExport,
} from '../public/public-view';
import {
  usePublicStatementFileMutation,
  usePublicStatementQuery,
  type PublicStatement,
} from './statements.api';
import { StatementView } from './StatementView';

function StatementBody({ statement }: { statement: PublicStatement }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
        <CompanyHeader company={statement.company} />
        <Box component="section" aria-label="Balance due" sx={{ textAlign: { sm: 'right' } }}>
          <Typography sx={sectionLabel}>Balance due</Typography>
          <Typography
            sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatMoney(statement.closing_balance)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            on {formatDate(statement.period.to)}
          </Typography>
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-label="Customer" sx={{ mb: 3 }}>
        <Typography sx={sectionLabel}>Customer</Typography>
        <Typography sx={{ fontWeight: 700 }}>{statement.customer.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          TABC ID {statement.customer.display_tabc_id}
        </Typography>
      </Box>
      <StatementView statement={statement} />
    </>
  );
}

/** /customer/statement/pdf/:token — a customer's statement of one period, opened by its public link, signed out. */
export default function PublicStatementPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading } = usePublicStatementQuery(token);
  const [download] = usePublicStatementFileMutation();
  const { busy, run } = usePdfDownload((t: string) => download(t).unwrap());
  useReadyForExport(!!data && !error);
  if (isLoading) return <PublicLoading label="Loading statement" />;
  if (error || !data) return <PublicError error={error} />;
  return (
    <PublicPage
      title={`${data.customer.name} · Statement`}
      heading={
        <>
          {data.customer.name}
          <Typography component="span" sx={{ display: 'block', fontSize: '1rem', color: 'text.secondary' }}>
            Statement {formatDate(data.period.from)} to {formatDate(data.period.to)}
          </Typography>
        </>
      }
      downloading={busy}
      onDownload={() => void run(token)}
    >
      <StatementBody statement={data} />
    </PublicPage>
  );
}
