import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { initials, type User } from '../../app/session';

const ROLE_LABEL: Record<User['role'], string> = { owner: 'Owner', staff: 'Staff', driver: 'Driver' };

/** Who is signed in, and for which company. */
export function ProfileInfoCard({ user }: { user: User }) {
  const rows: [string, string][] = [
    ['Email', user.email],
    ['Title', user.title || '—'],
    ['Company', user.company?.name ?? '—'],
  ];
  return (
    <Card component="section" aria-label="Profile information">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 22 }}>
            {initials(user.name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="p" noWrap>
              {user.name}
            </Typography>
            <Chip size="small" label={ROLE_LABEL[user.role] ?? user.role} sx={{ mt: 0.5 }} />
          </Box>
        </Box>
        <Divider sx={{ mb: 1.5 }} />
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {label === 'Email' ? <BreakAfterAt value={String(value)} /> : value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Lets a long address wrap after its @ rather than mid-word. */
function BreakAfterAt({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}
