import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** sha256 sources for every inline <script> of the built index.html (the no-flash theme script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers with a Content Security Policy written for this app: scripts only from itself
 * (plus the hashed inline theme script), images from the logo and avatar hosts, frames open for the
 * article frame viewer, socket and API on the same origin.
 */
export function securityHeaders(options: { scriptHashes: string[]; secure: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https:', 'http:'],
        // The offline service worker (/sw.js) is the app's only worker: nothing makes one from a blob.
        workerSrc: ["'self'"],
        // The web app manifest.
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it a browser sends `Origin: null` on a same-origin form POST
    // (the development sign-in's Authorize), which the Origin check must refuse. same-origin still
    // sends nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.secure,
  });
}
