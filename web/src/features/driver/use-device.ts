import { useEffect, useSyncExternalStore } from 'react';
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

/** What the device holds now; re-renders on every change, and tells the outbox when the network comes or goes. */
export function useDevice() {
  const current = driverDevice();
  const snapshot = useSyncExternalStore(current.subscribe, current.getSnapshot, current.getSnapshot);
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
  return { device: current, ...snapshot };
}
