import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A form's inline error list under a header such as 'Error saving customer!' (as the client's specification asks),
 * with what the user can do about it (`children`, such as a link) under the list. It scrolls into view when it
 * appears: a long form or a phone's dialog is scrolled to its foot when the user saves.
 */
export function ProblemAlert({
  title,
  messages,
  children,
}: {
  title?: string;
  messages: string[];
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // once per new set of messages, however often the caller draws a new array of the same ones
  const text = messages.join('\n');
  useEffect(() => {
    if (text) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text]);
  if (messages.length === 0) return null;
  return (
    <Alert ref={ref} severity="error" variant="outlined">
      {title && <AlertTitle>{title}</AlertTitle>}
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Box>
      )}
      {children}
    </Alert>
  );
}
