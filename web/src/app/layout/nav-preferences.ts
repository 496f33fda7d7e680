import { useCallback, useState } from 'react';

const MINIMIZED_KEY = 'nav_minimized';

function readMinimized(): boolean | null {
  try {
    const stored = localStorage.getItem(MINIMIZED_KEY);
    return stored === null ? null : stored === '1';
  } catch {
    return null;
  }
}

/** The side navigation's minimize toggle, remembered across reloads; narrow screens start minimized. */
export function useNavMinimized(narrow: boolean): [boolean, () => void] {
  const [stored, setStored] = useState<boolean | null>(readMinimized);
  const minimized = stored ?? narrow;
  const toggle = useCallback(() => {
    const next = !minimized;
    setStored(next);
    try {
      localStorage.setItem(MINIMIZED_KEY, next ? '1' : '0');
    } catch {
      // not remembered without storage
    }
  }, [minimized]);
  return [minimized, toggle];
}
