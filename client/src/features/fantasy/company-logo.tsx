import { useState } from 'react';
import { companyInitials, type Company } from './catalogue';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-11 w-11 text-sm' } as const;

/**
 * A company's logo from the directory's remote host; when it cannot load (offline, blocked, gone)
 * the company's initials stand in, so a card never shows a broken image. Decorative: the name is
 * always next to it.
 */
export function CompanyLogo({ company, size = 'md' }: { company: Company; size?: keyof typeof SIZES }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = `${SIZES[size]} shrink-0 rounded-lg`;
  if (failedUrl === company.image_url) {
    return (
      <span
        aria-hidden="true"
        data-testid="company-initials"
        className={`${box} flex items-center justify-center bg-brand-100 font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100`}
      >
        {companyInitials(company.name)}
      </span>
    );
  }
  return (
    <img
      src={company.image_url}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(company.image_url)}
      className={`${box} border border-slate-200 bg-white object-contain dark:border-slate-700`}
    />
  );
}
