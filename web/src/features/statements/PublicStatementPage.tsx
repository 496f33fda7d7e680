import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { usePdfDownload } from '../public/pdf-actions';
import {
  CustomerDocumentHead,
  PublicError,
  PublicLoading,
  PublicPage,
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
      <CustomerDocumentHead
        company={statement.company}
        customer={statement.customer}
        figure={{
          label: 'Balance due',
          value: formatMoney(statement.closing_balance),
          note: `on ${formatDate(statement.period.to)}`,
        }}
      />
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
      heading={data.customer.name}
      subheading={`Statement ${formatDate(data.period.from)} to ${formatDate(data.period.to)}`}
      downloading={busy}
      onDownload={() => void run(token)}
    >
      <StatementBody statement={data} />
    </PublicPage>
  );
}
