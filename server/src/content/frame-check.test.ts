import { describe, expect, it } from 'vitest';
import { frameVerdict } from './frame-check';

const APP = 'https://touchdown.example';
const PAGE = 'https://news.example/story';
const verdict = (headers: Record<string, string>, page = PAGE, app = APP) =>
  frameVerdict(new Headers(headers), page, app);

describe('frameVerdict', () => {
  it('lets a page without framing headers be framed', () => {
    expect(verdict({})).toEqual({ embeddable: true, reason: null, detail: null });
  });

  it.each([
    ['DENY', 'x-frame-options-deny'],
    ['deny', 'x-frame-options-deny'],
    ['SAMEORIGIN', 'x-frame-options-sameorigin'],
    ['ALLOW-FROM https://touchdown.example', 'x-frame-options-allow-from'],
  ])('blocks X-Frame-Options %s', (value, reason) => {
    expect(verdict({ 'x-frame-options': value })).toMatchObject({ embeddable: false, reason });
  });

  it('allows SAMEORIGIN when the page is on the app’s own origin', () => {
    expect(verdict({ 'x-frame-options': 'SAMEORIGIN' }, `${APP}/page`).embeddable).toBe(true);
  });

  it('blocks when any of several X-Frame-Options values blocks', () => {
    expect(verdict({ 'x-frame-options': 'SAMEORIGIN, DENY' }).reason).toBe('x-frame-options-sameorigin');
  });

  it.each([
    ["frame-ancestors 'none'", false],
    ["frame-ancestors 'self'", false],
    ["default-src 'self'; frame-ancestors https://other.example", false],
    ['frame-ancestors *', true],
    ['frame-ancestors https:', true],
    ['frame-ancestors http:', true], // http: admits https ancestors
    ['frame-ancestors https://touchdown.example', true],
    ['frame-ancestors https://*.example', true],
    ['frame-ancestors touchdown.example', true],
    ['frame-ancestors http://touchdown.example', true],
    ['frame-ancestors https://touchdown.example:8443', false],
    ['frame-ancestors', false], // an empty list is 'none'
    ["default-src 'self'", true], // no frame-ancestors: not about framing
  ])('CSP %s → embeddable %s', (csp, embeddable) => {
    expect(verdict({ 'content-security-policy': csp }).embeddable).toBe(embeddable);
  });

  it("allows frame-ancestors 'self' on the app's own origin", () => {
    expect(verdict({ 'content-security-policy': "frame-ancestors 'self'" }, `${APP}/x`).embeddable).toBe(
      true,
    );
  });

  it('matches ports, defaulting to the scheme’s', () => {
    const local = 'http://localhost:3000';
    const page = 'http://news.example/story';
    expect(
      verdict({ 'content-security-policy': 'frame-ancestors localhost:3000' }, page, local).embeddable,
    ).toBe(true);
    expect(
      verdict({ 'content-security-policy': 'frame-ancestors http://localhost' }, page, local).embeddable,
    ).toBe(false);
    expect(
      verdict({ 'content-security-policy': 'frame-ancestors http://localhost:*' }, page, local).embeddable,
    ).toBe(true);
    // A source without a scheme takes the page's: an https page's 'localhost:3000' is not http://localhost:3000.
    expect(
      verdict({ 'content-security-policy': 'frame-ancestors localhost:3000' }, PAGE, local).embeddable,
    ).toBe(false);
  });

  it('lets frame-ancestors govern over X-Frame-Options, as browsers do', () => {
    expect(
      verdict({
        'x-frame-options': 'DENY',
        'content-security-policy': 'frame-ancestors https://touchdown.example',
      }).embeddable,
    ).toBe(true);
    expect(
      verdict({ 'x-frame-options': 'ALLOWALL', 'content-security-policy': "frame-ancestors 'none'" }),
    ).toEqual({ embeddable: false, reason: 'csp-frame-ancestors', detail: "frame-ancestors 'none'" });
  });

  it('needs every enforced policy to allow framing', () => {
    const headers = new Headers();
    headers.append('content-security-policy', 'frame-ancestors *');
    headers.append('content-security-policy', "frame-ancestors 'none'");
    expect(frameVerdict(headers, PAGE, APP).embeddable).toBe(false);
  });

  it('ignores report-only policies', () => {
    expect(verdict({ 'content-security-policy-report-only': "frame-ancestors 'none'" }).embeddable).toBe(
      true,
    );
  });
});
