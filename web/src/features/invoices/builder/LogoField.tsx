import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Logo } from '../../../shared/company/company.api';
import { useLogoImage } from '../../settings/use-logo-image';

function Thumb({ path }: { path: string }) {
  const image = useLogoImage(path);
  return (
    <Box
      sx={{
        width: 48,
        height: 24,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 0.5,
        bgcolor: 'grey.50',
        overflow: 'hidden',
      }}
    >
      {image.status === 'ready' ? (
        <Box component="img" src={image.url} alt="" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
      ) : (
        <ImageNotSupportedOutlined sx={{ fontSize: 16, color: 'text.disabled' }} />
      )}
    </Box>
  );
}

/** The logo printed on the invoice: one of the company's logos (the default one preselected), or none. */
export function LogoField({
  logos,
  value,
  onChange,
  error,
}: {
  logos: Logo[];
  value: string;
  onChange: (logoId: string) => void;
  error?: string;
}) {
  return (
    <TextField
      select
      label="Logo"
      value={logos.some((logo) => logo.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error ?? (logos.length === 0 ? 'Upload logos in Settings' : ' ')}
      slotProps={{
        select: {
          displayEmpty: true,
          renderValue: (selected) => {
            const logo = logos.find((l) => l.id === selected);
            return (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
                {logo && <Thumb path={logo.path} />}
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {logo ? logo.originalname : 'No logo'}
                </Box>
              </Box>
            );
          },
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">No logo</MenuItem>
      {logos.map((logo) => (
        <MenuItem key={logo.id} value={logo.id} sx={{ gap: 1.25 }}>
          <Thumb path={logo.path} />
          {logo.originalname}
          {logo.is_default && (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
              (default)
            </Box>
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}
