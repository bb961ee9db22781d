// The Origin / Sec-Fetch-Site rule of request-origin.ts (issue 24 item 5) on its own: which
// state-changing /api requests pass, including the trusted origins the partner embedding will use.
import { describe, expect, it } from 'vitest';
import { judgeRequest } from '../../../src/server/request-origin.ts';

const OWN = 'https://lainavertailu.fi';
const PARTNER = 'https://kumppani.example';
const trusted = new Set([PARTNER]);
const judge = (headers: Record<string, string>, method = 'POST', url = '/api/user') => judgeRequest({ method, url, headers, ownOrigin: OWN }, trusted);

describe('judgeRequest', () => {
  it('lets our own pages, typed addresses and clients without browser headers through', () => {
    expect(judge({ 'sec-fetch-site': 'same-origin', origin: OWN })).toBe('allowed');
    expect(judge({ 'sec-fetch-site': 'none' })).toBe('allowed');
    expect(judge({ origin: OWN })).toBe('allowed');
    expect(judge({})).toBe('allowed');
    expect(judge({ 'content-type': 'application/json; charset=utf-8' })).toBe('allowed');
  });

  it('refuses other sites, sibling subdomains and opaque origins', () => {
    expect(judge({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toBe('crossSite');
    expect(judge({ 'sec-fetch-site': 'same-site', origin: 'https://x.lainavertailu.fi' })).toBe('crossSite');
    expect(judge({ 'sec-fetch-site': 'cross-site' })).toBe('crossSite');
    expect(judge({ origin: 'https://evil.example' })).toBe('crossSite');
    expect(judge({ origin: 'null' })).toBe('crossSite');
    expect(judge({ origin: 'http://lainavertailu.fi' })).toBe('crossSite');
  });

  it('lets a trusted origin through, cross-site or not', () => {
    expect(judge({ 'sec-fetch-site': 'cross-site', origin: PARTNER })).toBe('allowed');
    expect(judge({ origin: PARTNER })).toBe('allowed');
  });

  it('refuses a body that is not JSON', () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      expect(judge({ 'sec-fetch-site': 'same-origin', 'content-type': type }), type).toBe('notJson');
    }
  });

  it('leaves reads and what is not under /api alone', () => {
    expect(judge({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, 'GET')).toBe('allowed');
    expect(judge({ 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, 'POST', '/dev-idp/interaction/abc')).toBe('allowed');
    expect(judge({ origin: 'https://evil.example' }, 'DELETE', '/api')).toBe('crossSite');
    expect(judge({ origin: 'https://evil.example' }, 'POST', '/apix')).toBe('allowed');
  });
});
