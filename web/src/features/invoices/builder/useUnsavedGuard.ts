import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Unsaved lines (added, changed or removed since the builder opened): leaving the builder (a link, Back, the
 * browser's back) asks first; closing the tab asks the browser's own question. Once saved (`saved`, set before the
 * navigation to the saved invoice) leaving is not a loss of work.
 */
export function useUnsavedGuard(dirty: boolean, saved: RefObject<boolean>) {
  const unsaved = dirty && !saved.current;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return blocker;
}
