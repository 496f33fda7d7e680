/**
 * Makes /driver installable: links the manifest (name, start address, icons) and registers the service worker that
 * keeps the page for offline use. Only the built app has them (the development server serves neither).
 */
export function installDriverApp(): void {
  const head = document.head;
  const link = (rel: string, href: string) => {
    if (head.querySelector(`link[rel="${rel}"]`)) return;
    const element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    head.appendChild(element);
  };
  link('manifest', '/driver.webmanifest');
  link('apple-touch-icon', '/driver-icon-192.png');
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/driver-sw.js', { scope: '/driver' }).catch(() => undefined);
}
