import Avatar from '@mui/material/Avatar';
import { initials } from '../../app/session';

/**
 * The client's specification: 13 avatar colours; the API picks one per customer from its id (color_index 0–12). White initials
 * on each have a contrast of at least 4.5:1 (WCAG 2.1 AA; the oranges were #ef6c00 and #d84315).
 */
export const CUSTOMER_COLOURS = [
  '#1d4e89',
  '#00796b',
  '#c2185b',
  '#6a1b9a',
  '#b45309',
  '#2e7d32',
  '#0277bd',
  '#ad1457',
  '#5d4037',
  '#455a64',
  '#bf360c',
  '#4527a0',
  '#827717',
] as const;

export const customerColour = (index: number | null | undefined): string =>
  CUSTOMER_COLOURS[
    (((index ?? 0) % CUSTOMER_COLOURS.length) + CUSTOMER_COLOURS.length) % CUSTOMER_COLOURS.length
  ]!;

export function CustomerAvatar({
  name,
  colorIndex,
  size = 32,
}: {
  name: string;
  colorIndex: number;
  size?: number;
}) {
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        fontWeight: 600,
        bgcolor: customerColour(colorIndex),
        color: '#ffffff',
      }}
    >
      {initials(name)}
    </Avatar>
  );
}
