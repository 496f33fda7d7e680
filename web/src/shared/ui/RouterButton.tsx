import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

/** A MUI Button that navigates (renders a link, so it is announced as one). */
export function RouterButton({
  to,
  ...props
}: Omit<ButtonProps<typeof RouterLink>, 'component'> & { to: string }) {
  return <Button component={RouterLink} to={to} {...props} />;
}
