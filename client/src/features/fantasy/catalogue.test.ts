import { describe, expect, it } from 'vitest';
import { COMPANIES, companyInitials, companySchema, companyUrl, verticalLabel } from './catalogue';

describe('the startup directory', () => {
  it('is well formed: 169 companies with unique links and names', () => {
    expect(COMPANIES).toHaveLength(169);
    for (const company of COMPANIES) expect(companySchema.parse(company)).toEqual(company);
    expect(new Set(COMPANIES.map((c) => c.link)).size).toBe(COMPANIES.length);
    expect(new Set(COMPANIES.map((c) => c.name)).size).toBe(COMPANIES.length);
  });

  it('has no description cut off with an ellipsis', () => {
    const cut = COMPANIES.filter((c) => /(…|\.\.\.)\s*$/.test(c.description));
    expect(cut).toEqual([]);
  });

  it('only uses the known verticals, with the empty ones shown as Other', () => {
    const verticals = new Set(COMPANIES.map((c) => c.vertical));
    const known = [
      'B2B',
      'Healthcare',
      'Fintech',
      'Consumer',
      'Industrials',
      'Education',
      'Government',
      'Construction',
      '',
    ];
    for (const vertical of verticals) expect(known).toContain(vertical);
    const other = COMPANIES.filter((c) => verticalLabel(c) === 'Other');
    expect(other.map((c) => c.name).sort()).toEqual([
      'Clodo',
      'IronLedger.ai',
      'PARES AI',
      'Spotlight Realty',
      'WAYLINE',
    ]);
  });
});

describe('company helpers', () => {
  it('builds the absolute link on the accelerator site', () => {
    const nox = COMPANIES.find((c) => c.name === 'Nox Metals')!;
    expect(companyUrl(nox)).toBe('https://www.ycombinator.com/companies/nox-metals');
  });

  it('makes initials for a missing logo', () => {
    expect(companyInitials('Nox Metals')).toBe('NM');
    expect(companyInitials('IronLedger.ai')).toBe('IA');
    expect(companyInitials('Lark')).toBe('LA');
    expect(companyInitials('')).toBe('?');
  });
});
