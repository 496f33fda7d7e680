import { SyncPage } from './SyncPage';

export default function BottlePosPage() {
  return <SyncPage partner="bottle-pos" />;
}
