import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CustomerLink } from '../customers/CustomerLink';
import { useDelinquentOverridesQuery } from '../customers/customers.api';
import { OverrideLine } from '../customers/DelinquentListSection';

/**
 * For an inspection: every override of the credit-law delinquent list the owner recorded (reason, note, who, when),
 * newest first, each with its customer. Sales on credit to a listed retailer were allowed only under these.
 */
export function DelinquentOverridesSection() {
  const titleId = useId();
  const { data, isError } = useDelinquentOverridesQuery();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <CardContent>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem', mb: 1 }}>
          Delinquent-list overrides
        </Typography>
        {isError ? (
          <Typography color="error">The overrides could not be loaded.</Typography>
        ) : !data ? null : data.overrides.length === 0 ? (
          <Typography color="text.secondary">
            No override recorded: nothing was sold on credit to a retailer on the TABC delinquent list.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {data.overrides.map((override) => (
              <Box
                component="li"
                key={`${override.customer_id}-${override.recorded_at}`}
                sx={{ listStyle: 'none', ml: -2.5, mb: 1 }}
              >
                <CustomerLink customerId={override.customer_id} name={override.customer_name} />
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  <OverrideLine override={override} />
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
