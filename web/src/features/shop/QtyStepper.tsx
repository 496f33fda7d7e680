import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AddOutlined from '@mui/icons-material/AddOutlined';
import RemoveOutlined from '@mui/icons-material/RemoveOutlined';

export function QtyStepper({
  label,
  qty,
  onChange,
}: {
  label: string;
  qty: number;
  onChange: (qty: number) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton
        aria-label={`One less ${label}`}
        onClick={() => onChange(qty - 1)}
        disabled={qty <= 0}
        size="large"
      >
        <RemoveOutlined />
      </IconButton>
      <TextField
        value={qty}
        onChange={(e) => {
          const value = Number(e.target.value.replace(/\D/g, '') || 0);
          onChange(value);
        }}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            'aria-label': `Quantity of ${label}`,
            style: { textAlign: 'center', width: 44 },
          },
        }}
        size="small"
      />
      <IconButton aria-label={`One more ${label}`} onClick={() => onChange(qty + 1)} size="large">
        <AddOutlined />
      </IconButton>
    </Box>
  );
}
