import { useEffect, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/store';
import { DriverDevice } from './driver-device';

let device: DriverDevice | null = null;

/** The one device store of the page (IndexedDB, the outbox loop), made on first use. */
export function driverDevice(): DriverDevice {
  if (!device) {
    device = new DriverDevice();
    void device.load();
  }
  return device;
}

/**
 * What the device holds now; re-renders on every change, and tells the outbox when the network comes or goes. A day
 * kept for another driver is not shown (`day` null, `otherDriver` says whose and how much is waiting).
 */
export function useDevice() {
  const current = driverDevice();
  const snapshot = useSyncExternalStore(current.subscribe, current.getSnapshot, current.getSnapshot);
  const id = useAppSelector((state) => state.session.user?.id);
  const userId = id === undefined ? null : String(id);
  useEffect(() => current.signedInAs(userId), [current, userId]);
  useEffect(() => {
    const changed = () => current.connectivityChanged();
    // back on the app (after signing in again, say): send what is waiting
    void current.kick();
    window.addEventListener('online', changed);
    window.addEventListener('offline', changed);
    return () => {
      window.removeEventListener('online', changed);
      window.removeEventListener('offline', changed);
    };
  }, [current]);
  const otherDriver = current.otherDriver();
  return { device: current, ...snapshot, ...(otherDriver ? { day: null } : {}), otherDriver };
}
