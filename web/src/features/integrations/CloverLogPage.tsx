import { SyncLogPage } from './SyncLogPage';

export default function CloverLogPage() {
  return <SyncLogPage partner="clover" />;
}
