import rawCompanies from './yc-companies.json';

/** One startup of the directory the fantasy leagues draft from (yc-companies.json). */
export interface CatalogueCompany {
  /** Relative to the accelerator's site: /companies/{slug}. Also the company's id in a league. */
  link: string;
  image_url: string;
  name: string;
  description: string;
  /** Empty for a few companies. */
  vertical: string;
  'sub-vertical': string;
}

/** The directory shipped with the app, in its own order. */
export const CATALOGUE_COMPANIES: readonly CatalogueCompany[] = rawCompanies as CatalogueCompany[];

/** Each company by its id. */
export const CATALOGUE_BY_ID: ReadonlyMap<string, CatalogueCompany> = new Map(
  CATALOGUE_COMPANIES.map((company) => [company.link, company]),
);
