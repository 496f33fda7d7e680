import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

type ListNaming = { 'aria-label': string } | { 'aria-labelledby': string };

/**
 * A small table's rows on a phone (below 600 px), where its columns would run off the screen: a list with one block
 * per row, named as the table is. Every value and action of the row is in its block, text wrapped whole.
 */
export function PhoneBlockList({ children, ...naming }: ListNaming & { children: ReactNode }) {
  return (
    <Box component="ul" {...naming} sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 0 }}>
      {children}
    </Box>
  );
}

/** One row as a block: its lines stacked, a divider above all but the first, no line wider than the block. */
export function PhoneBlock({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="li"
      sx={[
        {
          display: 'grid',
          gap: 0.25,
          minWidth: 0,
          py: 1.25,
          borderTop: '1px solid',
          borderColor: 'divider',
          '&:first-of-type': { borderTop: 0 },
          overflowWrap: 'anywhere',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/**
 * A line of a block with something on its right that must stay in view (an amount, a status, the row's action):
 * the text on the left wraps, the right side keeps its width and sits level with the left's first line.
 */
export function PhoneBlockLine({ children, end }: { children: ReactNode; end?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        columnGap: 1.5,
        alignItems: 'baseline',
      }}
    >
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      {end !== undefined && end !== null && end !== false && <Box sx={{ justifySelf: 'end' }}>{end}</Box>}
    </Box>
  );
}
