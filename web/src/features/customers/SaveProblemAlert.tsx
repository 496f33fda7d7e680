import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { CUSTOMER_MESSAGES } from './customer-messages';

/** 'Error saving customer!' with the server's list, scrolled into view when it appears (the form is long). */
export function SaveProblemAlert({ messages }: { messages: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (messages.length) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [messages]);
  if (messages.length === 0) return null;
  return (
    <Box ref={ref}>
      <ProblemAlert title={CUSTOMER_MESSAGES.saveFailed} messages={messages} />
    </Box>
  );
}
