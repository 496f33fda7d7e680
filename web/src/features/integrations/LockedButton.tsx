import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * A button the catalogue lock disables, with the lock's reason as its tooltip (a disabled button gets no pointer
 * events, so the tooltip sits on a wrapper). Without a reason, the button as it is.
 */
export function LockedButton({ reason, children }: { reason: string; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}
