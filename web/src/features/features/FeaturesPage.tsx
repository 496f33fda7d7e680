import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDate } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import {
  useListFeaturesQuery,
  useRequestFeatureAccessMutation,
  useSwitchFeatureMutation,
  type FeatureCard,
} from './features.api';
import { RetryAlert } from '../../shared/ui/RetryAlert';

const MESSAGES = {
  failed: 'Something went wrong',
  activated: (title: string) => `${title} is active.`,
  deactivated: (title: string) => `${title} is switched off.`,
} as const;

/** The screen a feature adds, opened from its card while it is on. */
export const FEATURE_SCREENS: Partial<Record<string, { to: string; label: string }>> = {
  reports: { to: '/reports', label: 'Open Reports' },
  inventory: { to: '/inventory', label: 'Open Inventory' },
  order: { to: '/order', label: 'Open Orders' },
  payment: { to: '/payment', label: 'Open Payments' },
  email: { to: '/emails', label: 'Open Email Log' },
  clover: { to: '/clover', label: 'Open Clover' },
  bottle_pos: { to: '/bottle-pos', label: 'Open Bottle POS' },
};

/** Free features first, then paid ones, then what is coming; the catalogue's order within each. */
const ACCESS_ORDER: Record<FeatureCard['access'], number> = { free: 0, paid: 1, coming_soon: 2 };
const byAccess = (cards: FeatureCard[]) =>
  [...cards].sort((a, b) => ACCESS_ORDER[a.access] - ACCESS_ORDER[b.access]);

const grid = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
} as const;

/** /features (as the client's specification asks): a card per feature with its button. */
export default function FeaturesPage() {
  const features = useListFeaturesQuery();
  // the card stays while the dialog closes, so its text does not change during the exit transition
  const [deactivating, setDeactivating] = useState<FeatureCard | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [switchFeature, switching] = useSwitchFeatureMutation();
  const [requestAccess, requesting] = useRequestFeatureAccessMutation();

  const activate = async (card: FeatureCard, active: boolean) => {
    try {
      await switchFeature({ name: card.name, active }).unwrap();
      toast.success(active ? MESSAGES.activated(card.title) : MESSAGES.deactivated(card.title));
    } catch (error) {
      toast.error(toProblem(error)?.message || MESSAGES.failed, { title: MESSAGES.failed });
    } finally {
      setConfirming(false);
    }
  };

  const request = async (card: FeatureCard) => {
    try {
      const { message } = await requestAccess(card.name).unwrap();
      toast.success(message);
    } catch (error) {
      toast.error(toProblem(error)?.message || MESSAGES.failed, { title: MESSAGES.failed });
    }
  };

  const busy = (card: FeatureCard) =>
    (switching.isLoading && switching.originalArgs?.name === card.name) ||
    (requesting.isLoading && requesting.originalArgs === card.name);

  return (
    <>
      <PageHeader
        title="Feature Extensions"
        subtitle="Switch free features on yourself; paid ones are switched on by the Stampline team on request."
        actions={
          <RouterButton to="/setting" variant="outlined">
            Settings
          </RouterButton>
        }
      />
      {features.isLoading ? (
        <Box role="status" aria-label="Loading features" sx={grid}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={210} />
          ))}
        </Box>
      ) : features.isError && !features.data ? (
        <RetryAlert onRetry={() => void features.refetch()} title="Sorry, something went wrong!">
          {toProblem(features.error)?.message || 'The features could not be loaded.'}
        </RetryAlert>
      ) : !features.data?.length ? (
        <Typography color="text.secondary">No feature extensions are available yet.</Typography>
      ) : (
        <Box component="ul" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
          {byAccess(features.data).map((card) => (
            <FeatureCardItem
              key={card.name}
              card={card}
              busy={busy(card)}
              onActivate={() => void activate(card, true)}
              onDeactivate={() => {
                setDeactivating(card);
                setConfirming(true);
              }}
              onRequestAccess={() => void request(card)}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Deactivate ${deactivating?.title ?? ''}?`}
        confirmLabel="Deactivate"
        cancelLabel="Nevermind"
        destructive
        busy={switching.isLoading}
        onConfirm={() => deactivating && void activate(deactivating, false)}
        onClose={() => setConfirming(false)}
      >
        Once it is switched off, only the Stampline team can switch {deactivating?.title} on again (use
        Request Access).
      </ConfirmDialog>
    </>
  );
}

function FeatureCardItem({
  card,
  busy,
  onActivate,
  onDeactivate,
  onRequestAccess,
}: {
  card: FeatureCard;
  busy: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
  onRequestAccess: () => void;
}) {
  const titleId = useId();
  const button = (() => {
    switch (card.action) {
      case 'activate':
        return (
          <Button variant="contained" onClick={onActivate} loading={busy}>
            Activate
          </Button>
        );
      case 'deactivate':
        return (
          <Button variant="outlined" color="error" onClick={onDeactivate} loading={busy}>
            Deactivate
          </Button>
        );
      case 'request_access':
        return (
          <Button variant="outlined" onClick={onRequestAccess} loading={busy}>
            Request Access
          </Button>
        );
      case 'requested':
        return (
          <Button variant="outlined" disabled>
            Access Requested
          </Button>
        );
      default:
        return (
          <Button variant="outlined" disabled>
            Coming Soon
          </Button>
        );
    }
  })();

  return (
    <Card
      component="li"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: card.active ? 'success.light' : undefined,
      }}
    >
      <CardContent sx={{ flex: 1, p: 2.5 }}>
        <Box
          sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 1 }}
        >
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
            {card.title}
          </Typography>
          <Chip
            size="small"
            label={card.active ? 'Active' : 'Inactive'}
            color={card.active ? 'success' : 'default'}
            variant={card.active ? 'filled' : 'outlined'}
          />
        </Box>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {card.description}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {card.pricing}
        </Typography>
        {card.action === 'requested' && card.requested_at && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Requested on {formatDate(card.requested_at)}; we'll be in touch.
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2.5, pb: 2.5, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        {button}
        {card.active && FEATURE_SCREENS[card.name] && (
          <RouterButton to={FEATURE_SCREENS[card.name]!.to} variant="text" sx={{ ml: '0 !important' }}>
            {FEATURE_SCREENS[card.name]!.label}
          </RouterButton>
        )}
      </CardActions>
    </Card>
  );
}
