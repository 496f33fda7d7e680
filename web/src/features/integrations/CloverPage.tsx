import { SyncPage } from './SyncPage';

export default function CloverPage() {
  return <SyncPage partner="clover" />;
}
