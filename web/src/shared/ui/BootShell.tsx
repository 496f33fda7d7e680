import { FullPageSpinner } from './FullPageSpinner';

/** Was this address answered as a back-office page (index.html's skeleton showing)? */
export const bootsAsShell = () =>
  typeof document !== 'undefined' && document.documentElement.dataset.boot === 'shell';

/**
 * The back office's skeleton: the navigation, the top bar and a page of grey bars, drawn with index.html's own
 * styles, so what the browser painted before any script ran stays on screen, unchanged, until the page is ready
 * (no blank screen, no spinner in between). Elsewhere (sign-in, the ordering app) a spinner.
 */
export function BootShell({ label = 'Loading' }: { label?: string }) {
  if (!bootsAsShell()) return <FullPageSpinner label={label} />;
  return (
    <div className="boot-shell" data-boot-shell role="status" aria-label={label}>
      <div className="boot-nav">
        <div className="boot-brand">
          <span className="boot-bar" style={{ width: '60%' }} />
        </div>
      </div>
      <div className="boot-main">
        <div className="boot-top">
          <span className="boot-bar" style={{ width: 220 }} />
        </div>
        <div className="boot-page">
          <span className="boot-bar" style={{ width: 200, height: 28 }} />
          <span className="boot-bar" style={{ width: 360, maxWidth: '100%' }} />
          <div className="boot-card">
            {Array.from({ length: 6 }, (_, i) => (
              <span key={i} className="boot-bar" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
