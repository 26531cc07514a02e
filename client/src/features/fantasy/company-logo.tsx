import { useState } from 'react';
import { companyInitials, type Company } from './catalogue';

const SIZES = { sm: 'h-8 w-8 text-xs', md: 'h-11 w-11 text-sm' } as const;

/**
 * A company's logo from the directory's remote host. The company's initials show while it loads and
 * stay when it cannot load (offline, blocked, gone), so a card never shows a blank or broken image.
 * Decorative: the name is always next to it.
 */
export function CompanyLogo({ company, size = 'md' }: { company: Company; size?: keyof typeof SIZES }) {
  const [state, setState] = useState<{ url: string; status: 'loaded' | 'failed' } | null>(null);
  const status = state?.url === company.image_url ? state.status : 'loading';
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-100 font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100`}
    >
      {status !== 'loaded' ? (
        <span data-testid="company-initials">{companyInitials(company.name)}</span>
      ) : null}
      {status !== 'failed' ? (
        <img
          src={company.image_url}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setState({ url: company.image_url, status: 'loaded' })}
          onError={() => setState({ url: company.image_url, status: 'failed' })}
          className={`absolute inset-0 h-full w-full rounded-lg border border-slate-200 bg-white object-contain dark:border-slate-700 ${
            status === 'loaded' ? '' : 'opacity-0'
          }`}
        />
      ) : null}
    </span>
  );
}
