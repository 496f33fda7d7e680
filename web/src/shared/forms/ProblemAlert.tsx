import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

/** A form's inline error list under a header such as 'Error saving customer!' (as the client's specification asks). */
export function ProblemAlert({ title, messages }: { title?: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined">
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
    </Alert>
  );
}
