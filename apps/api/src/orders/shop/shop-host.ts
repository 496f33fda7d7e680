/**
 * The ordering app by host name: a request to `{subdomain}.` + the app's own host (APP_URL's host
 * name, default localhost) is the ordering app of the company holding that subdomain. Browsers resolve
 * `*.localhost` to this machine, so `http://acme.localhost:3000/` works on a developer machine with no DNS set up;
 * in production a wildcard DNS record and certificate for `*.{APP_URL host}` point at the same server.
 */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The subdomain a Host header names under `appHost` ('acme' for `acme.example.com:443`), else null. */
export function shopSubdomainOf(hostHeader: string | undefined, appHost: string): string | null {
  if (!hostHeader) return null;
  const host = hostName(hostHeader);
  const base = appHost.toLowerCase();
  if (!host.endsWith(`.${base}`)) return null;
  const label = host.slice(0, -(base.length + 1));
  return LABEL.test(label) ? label : null;
}

/** Where a page request on a shop host goes: the same path under `/shop/{subdomain}` (already there: null). */
export function shopPathFor(subdomain: string, url: string): string | null {
  const prefix = `/shop/${subdomain}`;
  if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) return null;
  if (url.startsWith('/shop/')) return null; // another shop's path: the page says what it finds there
  return url === '/' ? prefix : url.startsWith('/?') ? `${prefix}${url.slice(1)}` : `${prefix}${url}`;
}

function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host; // an IPv6 literal names no subdomain
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}
