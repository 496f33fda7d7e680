import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { AddRollForm } from './AddRollForm';
import { DestroyStampsForm } from './DestroyStampsForm';
import { RollTable } from './RollTable';
import { StampSummaryCard } from './StampSummaryCard';
import { STAMP_MESSAGES } from './stamp-messages';
import { useStampRollsQuery } from './stamps.api';
import { UndoDestroyPanel } from './UndoDestroyPanel';
import { StampStatusForm } from './StampStatusForm';
import { useStampStatusSettingsQuery } from './stamp-statuses.api';

const ALL_TABS = [
  { id: 'add', label: 'Add Roll' },
  { id: 'destroy', label: 'Destroy Stamps' },
  { id: 'undo', label: 'Undo Destroy' },
  // Only with the company setting extended_stamp_statuses
  { id: 'status', label: 'Lost, Stolen, Voided' },
] as const;
type TabId = (typeof ALL_TABS)[number]['id'];

/** /stamp/roll: add-roll form, destroy and undo-destroy tabs, the stamp status and the roll table. */
export default function StampRollsPage() {
  const [tab, setTab] = useState<TabId>('add');
  const prefixRef = useRef<HTMLInputElement>(null);
  const rolls = useStampRollsQuery();
  const statuses = useStampStatusSettingsQuery();
  const TABS = ALL_TABS.filter((t) => t.id !== 'status' || statuses.data?.extended_stamp_statuses);

  const register = () => {
    setTab('add');
    // the form mounts with the tab: focus once it is there
    window.setTimeout(() => prefixRef.current?.focus(), 0);
  };

  return (
    <>
      <PageHeader
        title="Stamp Rolls"
        subtitle="Register the TABC stamp rolls you receive, destroy damaged stamps and choose the active rolls."
        actions={
          <RouterButton to="/stamp" variant="outlined" startIcon={<ListAltOutlined />}>
            Stamp Log
          </RouterButton>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <Card component="section" aria-label="Roll actions">
          <Tabs
            value={tab}
            onChange={(_, value: TabId) => setTab(value)}
            aria-label="Roll actions"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}
          >
            {TABS.map(({ id, label }) => (
              <Tab
                key={id}
                value={id}
                label={label}
                id={`roll-tab-${id}`}
                aria-controls={`roll-panel-${id}`}
              />
            ))}
          </Tabs>
          {TABS.map(({ id }) => (
            <Box
              key={id}
              role="tabpanel"
              id={`roll-panel-${id}`}
              aria-labelledby={`roll-tab-${id}`}
              hidden={tab !== id}
            >
              {tab === id && (
                <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                  {id === 'add' && <AddRollForm prefixRef={prefixRef} />}
                  {id === 'destroy' &&
                    (rolls.data ? (
                      <DestroyStampsForm rolls={rolls.data} />
                    ) : rolls.isError ? (
                      <Alert severity="error">{STAMP_MESSAGES.rollsFailed}</Alert>
                    ) : (
                      <CircularProgress aria-label="Loading stamp rolls" />
                    ))}
                  {id === 'undo' && <UndoDestroyPanel />}
                  {id === 'status' && rolls.data && <StampStatusForm rolls={rolls.data} />}
                </CardContent>
              )}
            </Box>
          ))}
        </Card>
        <StampSummaryCard onRegister={register} />
      </Box>
      <Card component="section" aria-labelledby="stamp-rolls-title">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="stamp-rolls-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            Rolls
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Invoices take stamps from active rolls, first received first. Click a roll's state to switch it.
          </Typography>
          <RollTable
            rolls={rolls.data}
            isLoading={rolls.isLoading}
            isError={rolls.isError}
            isFetching={rolls.isFetching}
            onRetry={() => void rolls.refetch()}
          />
        </CardContent>
      </Card>
    </>
  );
}
