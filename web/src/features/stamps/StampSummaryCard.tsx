import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCount, rollLabel, stampLabel } from './stamp-format';
import { STAMP_MESSAGES } from './stamp-messages';
import { StampStatusError } from './StampStatus';
import { useStampRemainingQuery } from './stamps.api';

/** The stamp remaining summary (as the client's specification asks) beside the roll forms; `onRegister` focuses the add-roll form. */
export function StampSummaryCard({ onRegister }: { onRegister: () => void }) {
  // read again on every visit: the threshold may have changed in Settings meanwhile
  const { data, isLoading, isError, isFetching, refetch } = useStampRemainingQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  let content;
  if (isLoading)
    content = (
      <Box aria-busy="true" aria-label="Loading stamp status">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Box>
    );
  else if (isError || !data)
    content = (
      <StampStatusError
        onRetry={() => void refetch()}
        retrying={isFetching}
        register={
          <Button color="inherit" size="small" onClick={onRegister}>
            Register new roll
          </Button>
        }
      />
    );
  else if (data.rollCount === 0)
    content = (
      <Box role="status" sx={{ py: 2, textAlign: 'center' }}>
        <Typography color="text.secondary">{STAMP_MESSAGES.noData}</Typography>
        <Button size="small" onClick={onRegister} sx={{ mt: 1 }}>
          Register new roll
        </Button>
      </Box>
    );
  else {
    const roll = data.currentRoll;
    const rows: [string, string][] = [
      ['Stamps left', `${formatCount(data.availableStampCount)} of ${formatCount(data.totalStampCount)}`],
      [
        'Next stamp',
        roll && data.firstAvailableStamp !== null ? stampLabel(roll.prefix, data.firstAvailableStamp) : '—',
      ],
      ['Current roll', roll ? rollLabel(roll) : 'No active roll'],
      ['Low-stamp threshold', formatCount(data.threshold)],
    ];
    content = (
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 1 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: 600,
                textAlign: 'right',
                whiteSpace: 'nowrap',
                color: label === 'Stamps left' && data.low ? 'warning.dark' : undefined,
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <Card component="section" aria-labelledby="stamp-summary-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="stamp-summary-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
          Stamp Status
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
}
