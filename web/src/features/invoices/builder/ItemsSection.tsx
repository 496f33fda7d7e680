import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFeature } from '../../../shared/feature-gate/use-feature';
import { ItemsTable } from './ItemsTable';
import { ProductSearch } from './ProductSearch';
import { Recommendations } from './Recommendations';
import { Section } from './Section';
import type { InvoiceBuilder } from './useInvoiceBuilder';

/** The product search, the lines, and (`ai` feature) the customer's recommendations after them. */
export function ItemsSection({ builder }: { builder: InvoiceBuilder }) {
  const { state, dispatch, customerId, sorted, refs } = builder;
  const withRecommendations = useFeature('ai').active;
  return (
    <Section
      title="Items"
      action={
        sorted ? (
          <Typography variant="body2" color="text.secondary">
            Sorted by product, as set in Settings
          </Typography>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        <ProductSearch
          customerId={customerId}
          date={state.values.invoicedAt || undefined}
          onPick={builder.pick}
          inputRef={refs.searchInput}
        />
        <ItemsTable
          lines={builder.shownLines}
          rateBp={builder.rateBp}
          sorted={sorted}
          problems={builder.problems}
          stockWarnings={builder.stockWarnings}
          smallFormatStamps={builder.smallFormatStamps}
          onChange={(key, change) => dispatch({ type: 'lineChanged', key, change })}
          onMove={(key, by) => dispatch({ type: 'lineMoved', key, by })}
          onRemove={(key) => dispatch({ type: 'lineRemoved', key })}
          priceRef={(key, element) => {
            if (element) refs.priceInputs.current.set(key, element);
            else refs.priceInputs.current.delete(key);
          }}
        />
        {/* after the lines: the search and the lines come first, by eye and by Tab */}
        {withRecommendations && customerId && (
          <Recommendations
            customerId={customerId}
            onPick={builder.pick}
            onInvoice={new Set(state.values.lines.map((line) => line.product.id))}
          />
        )}
      </Stack>
    </Section>
  );
}
