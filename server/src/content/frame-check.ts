/**
 * Whether a page lets this app show it in an iframe, decided from its response headers the way a
 * browser does: a Content-Security-Policy with frame-ancestors governs when present (browsers then
 * ignore X-Frame-Options); otherwise X-Frame-Options DENY blocks, SAMEORIGIN blocks unless the page
 * is on the app's own origin, and ALLOW-FROM blocks (obsolete, treated as blocked).
 */
import type { FrameBlockReason } from '@shared/schemas/content';

export interface FrameVerdict {
  embeddable: boolean;
  reason: FrameBlockReason | null;
  detail: string | null;
}

const ALLOWED: FrameVerdict = { embeddable: true, reason: null, detail: null };

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function portOf(url: URL): string {
  return url.port || DEFAULT_PORTS[url.protocol] || '';
}

/** Does one CSP source expression allow `app` as a framing ancestor of `page`? */
function sourceAllows(source: string, app: URL, page: URL): boolean {
  const value = source.trim();
  const lower = value.toLowerCase();
  if (lower === "'self'") return app.origin === page.origin;
  if (lower === '*') return app.protocol === 'http:' || app.protocol === 'https:';
  if (lower.startsWith("'")) return false; // 'none' and keywords that do not apply to ancestors
  // A scheme source ("https:"); "http:" also admits https (CSP 3 upgrade rule).
  if (/^[a-z][a-z0-9+.-]*:$/.test(lower)) {
    return lower === app.protocol || (lower === 'http:' && app.protocol === 'https:');
  }
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\*\.[^:/]+|[^:/]+)(?::(\*|\d+))?(\/.*)?$/.exec(lower);
  if (!match) return false;
  const [, scheme, host = '', port] = match;
  if (scheme) {
    const schemeOk = `${scheme}:` === app.protocol || (scheme === 'http' && app.protocol === 'https:');
    if (!schemeOk) return false;
  } else if (app.protocol !== page.protocol && !(page.protocol === 'http:' && app.protocol === 'https:')) {
    return false;
  }
  const appHost = app.hostname.toLowerCase();
  if (host === '*') {
    // A bare '*' host with a scheme or port still matches any host.
  } else if (host.startsWith('*.')) {
    if (!appHost.endsWith(host.slice(1))) return false;
  } else if (host !== appHost) {
    return false;
  }
  if (port === '*') return true;
  // Without a port, the default port of the ancestor's scheme (so http://host also admits https://host).
  const wantedPort = port ?? DEFAULT_PORTS[app.protocol];
  return portOf(app) === wantedPort;
}

/** The frame-ancestors source lists of every enforced policy (comma-joined headers are separate policies). */
function frameAncestorLists(csp: string | null): string[][] {
  if (!csp) return [];
  const lists: string[][] = [];
  for (const policy of csp.split(',')) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() === 'frame-ancestors') lists.push(sources.filter(Boolean));
    }
  }
  return lists;
}

/**
 * The verdict for framing `pageUrl` (the URL that answered, after redirects) inside `appOrigin`.
 * `headers` are the page's response headers.
 */
export function frameVerdict(headers: Headers, pageUrl: string, appOrigin: string): FrameVerdict {
  const page = new URL(pageUrl);
  const app = new URL(appOrigin);
  const csp = headers.get('content-security-policy');
  const ancestorLists = frameAncestorLists(csp);
  if (ancestorLists.length > 0) {
    for (const sources of ancestorLists) {
      const allowed = sources.length > 0 && sources.some((source) => sourceAllows(source, app, page));
      if (!allowed) {
        return {
          embeddable: false,
          reason: 'csp-frame-ancestors',
          detail: `frame-ancestors ${sources.join(' ') || "'none'"}`,
        };
      }
    }
    return ALLOWED;
  }

  const xfo = headers.get('x-frame-options');
  if (!xfo) return ALLOWED;
  const values = xfo
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  for (const value of values) {
    const lower = value.toLowerCase();
    if (lower === 'deny')
      return { embeddable: false, reason: 'x-frame-options-deny', detail: `X-Frame-Options: ${value}` };
    if (lower.startsWith('allow-from')) {
      return { embeddable: false, reason: 'x-frame-options-allow-from', detail: `X-Frame-Options: ${value}` };
    }
    if (lower === 'sameorigin' && page.origin !== app.origin) {
      return { embeddable: false, reason: 'x-frame-options-sameorigin', detail: `X-Frame-Options: ${value}` };
    }
  }
  return ALLOWED;
}
