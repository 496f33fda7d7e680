import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import type { Company } from '../../../shared/company/company.api';
import { ProblemAlert } from '../../../shared/forms/ProblemAlert';
import { CustomerBanners } from '../../customers/CustomerBanners';
import { BuilderDialogs } from './BuilderDialogs';
import { BuilderHeader, StampRollMissingAlert } from './BuilderHeader';
import { BUILDER_MESSAGES } from './builder-messages';
import type { BuilderMode } from './builder-mode';
import type { BuilderValues } from './builder-state';
import { CustomerDatesSection } from './CustomerDatesSection';
import { InvoiceChecksAlerts } from './InvoiceChecks';
import { ItemsSection } from './ItemsSection';
import { NotesSection } from './NotesSection';
import { StampsPanel } from './StampsPanel';
import { SummaryCard } from './SummaryCard';
import { useInvoiceBuilder } from './useInvoiceBuilder';

/**
 * The invoice builder (as the client's specification asks): customer, dates, notes, logo, items with live totals,
 * stamps, and the save with its prompts (zero price, below cost, duplicate) and the server's error list. The state
 * and the save are in `useInvoiceBuilder` (over `builderReducer`); this lays the sections out.
 */
export function InvoiceBuilderForm({
  company,
  mode,
  initial,
}: {
  company: Company;
  mode: BuilderMode;
  initial: BuilderValues;
}) {
  const builder = useInvoiceBuilder(company, mode, initial);
  const { state, dispatch, refs } = builder;
  const { values } = state;

  return (
    <>
      <BuilderHeader
        mode={mode}
        customerId={builder.customerId}
        beer={builder.beer}
        replicating={builder.replicating}
        onReplicate={() => void builder.replicate()}
        onUpload={() => dispatch({ type: 'uploadOpened' })}
      />
      {builder.rollMissing && <StampRollMissingAlert />}
      {values.customer && (
        <CustomerBanners customerId={values.customer.id} hideDelinquency={!!builder.checks?.delinquent} />
      )}
      <InvoiceChecksAlerts checks={builder.checks} lines={values.lines} refusal={builder.refusal} />

      <Box
        component="form"
        noValidate
        aria-label={mode.kind === 'edit' ? 'Edit invoice' : 'New invoice'}
        onSubmit={(event) => {
          event.preventDefault();
          builder.submit();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          if (event.ctrlKey || event.metaKey) {
            event.preventDefault();
            builder.submit();
            return;
          }
          // Enter in a field never saves (a scanner ends every UPC with Enter); in a line, back to the search
          const target = event.target as HTMLElement;
          if (target.tagName !== 'INPUT') return;
          event.preventDefault();
          if (/^(Quantity|Price) for /.test(target.getAttribute('aria-label') ?? ''))
            refs.searchInput.current?.focus();
        }}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 288px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {state.problem.length > 0 && (
            <Box ref={refs.problemRef}>
              <ProblemAlert title={BUILDER_MESSAGES.saveFailed} messages={state.problem} />
            </Box>
          )}
          <CustomerDatesSection builder={builder} company={company} />
          <ItemsSection builder={builder} />
          <NotesSection builder={builder} company={company} />
        </Stack>

        <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
          <SummaryCard builder={builder} />
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <StampsPanel
                needed={builder.needed}
                bottlesByProduct={builder.bottlesByProduct}
                invoiceId={builder.edited?.id}
                rollMissing={builder.rollMissing}
                ranges={values.stamps}
                onRangesChange={(stamps) => dispatch({ type: 'stampsChanged', stamps })}
              />
            </CardContent>
          </Card>
        </Stack>
      </Box>

      <BuilderDialogs builder={builder} />
    </>
  );
}
