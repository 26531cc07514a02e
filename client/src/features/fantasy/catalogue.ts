import { z } from 'zod/mini';
import rawCompanies from '@shared/data/yc-companies.json';

/** One startup of the directory the league drafts from. */
export const companySchema = z.object({
  /** Relative to the accelerator's site: /companies/{slug}. Also the company's id in the league. */
  link: z.string().check(z.regex(/^\/companies\/[a-z0-9-]+$/)),
  image_url: z.url(),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  /** Empty for a few companies; the page shows it as Other. */
  vertical: z.string(),
  'sub-vertical': z.string(),
});

export type Company = z.infer<typeof companySchema>;
/** A company's link doubles as its id: it is unique in the directory and stable across releases. */
export type CompanyId = Company['link'];

/** The accelerator's site, which the directory's relative links point into. */
export const COMPANY_SITE_ORIGIN = 'https://www.ycombinator.com';

/** The directory shipped with the app (shared/src/data/yc-companies.json, checked by catalogue.test.ts). */
export const COMPANIES: readonly Company[] = rawCompanies as Company[];

/** The vertical as the page shows it: an empty one reads Other. */
export function verticalLabel(company: Company): string {
  return company.vertical.trim() || 'Other';
}

/** The company's page on the accelerator's site. */
export function companyUrl(company: Company): string {
  return new URL(company.link, COMPANY_SITE_ORIGIN).toString();
}

/** Up to two initials from the name, shown when the logo cannot load ('Nox Metals' → 'NM'). */
export function companyInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}
