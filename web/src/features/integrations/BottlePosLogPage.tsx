import { SyncLogPage } from './SyncLogPage';

export default function BottlePosLogPage() {
  return <SyncLogPage partner="bottle-pos" />;
}
