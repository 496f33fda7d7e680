/**
 * What a cold load of the web client gets in its index.html, by address (the build writes route-chunks.json):
 * - `<link rel="modulepreload">` for the chunks the address's page needs (and the private shell's), so the browser
 *   fetches them together with the entry instead of one round trip after it;
 * - on an address of the back office, not the sign-in page's chunks (marked `data-signin` by the build): a signed-in
 *   user's first screen does not need them;
 * - on an address of the back office, `data-boot="shell"` on <html>, which shows the shell's skeleton drawn in
 *   index.html at once (before any script has run) until the app replaces it.
 * The answers are built once per route and kept.
 */
export interface RouteChunks {
  shell: string[];
  routes: { path: string; private: boolean; files: string[] }[];
}

interface CompiledRoute {
  pattern: RegExp;
  /** fewer parameters first: /invoice/create before /invoice/:number */
  params: number;
  html: string;
}

/** A router path ('invoice/:number', 'auth/:section?', 'shop/:subdomain/*') as a pattern over the address. */
export function routePattern(path: string): RegExp {
  const parts = path.replace(/^\/+/, '').split('/').filter(Boolean);
  let source = '';
  for (const part of parts) {
    if (part === '*') source += '(?:/.*)?';
    else if (part.startsWith(':')) source += part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source || '/'}/?$`);
}

/** How general a path is: the catch-all last, then by its parameters (a literal path first). */
const paramCount = (path: string) =>
  path.replace(/^\/+/, '') === '*' ? Number.POSITIVE_INFINITY : (path.match(/:|\*/g) ?? []).length;

export function firstPaintHtml(html: string, chunks: RouteChunks): (pathname: string) => string {
  const withHead = (files: string[], shell: boolean) => {
    const page = shell ? html.replace(/\s*<link rel="modulepreload"[^>]*\bdata-signin>/g, '') : html;
    const links = [...new Set(files)]
      .filter((file) => !page.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    const head = page.replace('</head>', `${links}</head>`);
    return shell ? head.replace('<html lang="en">', '<html lang="en" data-boot="shell">') : head;
  };
  const routes: CompiledRoute[] = chunks.routes
    .map((route) => ({
      pattern: routePattern(route.path),
      params: paramCount(route.path),
      html: withHead(route.private ? [...chunks.shell, ...route.files] : route.files, route.private),
    }))
    .sort((a, b) => a.params - b.params);
  // '/' opens the dashboard
  const dashboard = routes.find((route) => route.pattern.test('/dashboard'));
  return (pathname) => {
    if (pathname === '/' && dashboard) return dashboard.html;
    return routes.find((route) => route.pattern.test(pathname))?.html ?? html;
  };
}
