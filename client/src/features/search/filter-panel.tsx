import { useId, useState, type FormEvent } from 'react';
import { SEARCH_NUM_RESULTS_OPTIONS, searchTypeSchema } from '@shared/schemas/search-results';
import { buttonClass } from '@client/components/button';
import { DEFAULT_FILTERS, invalidDomain, parseDomainList, type SearchFilters } from './filters';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:[color-scheme:dark]';
const labelClass = 'mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300';

interface Draft {
  numResults: number;
  type: SearchFilters['type'];
  startPublishedDate: string;
  endPublishedDate: string;
  includeDomains: string;
  excludeDomains: string;
  includeContent: boolean;
  includeHighlights: boolean;
  includeSummary: boolean;
  useAutoprompt: boolean;
}

function toDraft(filters: SearchFilters): Draft {
  return {
    ...filters,
    includeDomains: filters.includeDomains.join(', '),
    excludeDomains: filters.excludeDomains.join(', '),
  };
}

const FLAGS = [
  ['includeContent', 'Include Content'],
  ['includeHighlights', 'Include Highlights'],
  ['includeSummary', 'Include Summary'],
  ['useAutoprompt', 'Use Autoprompt'],
] as const;

const URL_TEXT = { type: 'text', inputMode: 'url', autoComplete: 'off' } as const;

/** The free-text fields in form order: id suffix, draft key, label and the input's own attributes. */
const TEXT_FIELDS = [
  ['start', 'startPublishedDate', 'Start Date', { type: 'date' }],
  ['end', 'endPublishedDate', 'End Date', { type: 'date' }],
  ['include', 'includeDomains', 'Include Domains', { ...URL_TEXT, placeholder: 'espn.com, theverge.com' }],
  ['exclude', 'excludeDomains', 'Exclude Domains', { ...URL_TEXT, placeholder: 'example.com' }],
] as const;

/**
 * The filter form: number of results, search type, date range, include and exclude domains, the four
 * include flags, 'Clear Filters' (back to the defaults) and 'Apply Filters'. Problems the server would
 * refuse (a malformed domain, a start after the end) are shown here instead of as a failed search.
 */
export function FilterPanel({
  id,
  filters,
  onApply,
  onClear,
}: {
  id: string;
  filters: SearchFilters;
  onApply: (filters: SearchFilters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(filters));
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // Each date picker stops at the other end of the range, so the browser itself offers no inverted range.
  const dateBounds: Partial<Record<keyof Draft, { min?: string; max?: string }>> = {
    startPublishedDate: { max: draft.endPublishedDate || undefined },
    endPublishedDate: { min: draft.startPublishedDate || undefined },
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const includeDomains = parseDomainList(draft.includeDomains);
    const excludeDomains = parseDomainList(draft.excludeDomains);
    const bad = invalidDomain([...includeDomains, ...excludeDomains]);
    if (bad) return setProblem(bad);
    if (
      draft.startPublishedDate &&
      draft.endPublishedDate &&
      draft.startPublishedDate > draft.endPublishedDate
    ) {
      return setProblem('The start date must not be after the end date');
    }
    setProblem(null);
    onApply({ ...draft, includeDomains, excludeDomains });
  };

  return (
    <form
      id={id}
      onSubmit={apply}
      aria-label="Search filters"
      className="mt-3 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-950/40"
    >
      <div>
        <label htmlFor={`${fieldId}-num`} className={labelClass}>
          Number of Results
        </label>
        <select
          id={`${fieldId}-num`}
          className={inputClass}
          value={draft.numResults}
          onChange={(event) => set('numResults', Number(event.target.value))}
        >
          {SEARCH_NUM_RESULTS_OPTIONS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${fieldId}-type`} className={labelClass}>
          Search Type
        </label>
        <select
          id={`${fieldId}-type`}
          className={inputClass}
          value={draft.type}
          onChange={(event) => set('type', searchTypeSchema.parse(event.target.value))}
        >
          <option value="neural">Neural</option>
          <option value="keyword">Keyword</option>
        </select>
      </div>
      {TEXT_FIELDS.map(([suffix, key, label, attributes]) => (
        <div key={key}>
          <label htmlFor={`${fieldId}-${suffix}`} className={labelClass}>
            {label}
          </label>
          <input
            id={`${fieldId}-${suffix}`}
            {...attributes}
            className={inputClass}
            value={draft[key]}
            {...dateBounds[key]}
            onChange={(event) => set(key, event.target.value)}
          />
        </div>
      ))}
      <fieldset className="grid grid-cols-1 gap-2 sm:col-span-2 sm:grid-cols-2">
        <legend className="sr-only">Include</legend>
        {FLAGS.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
              checked={draft[key]}
              onChange={(event) => set(key, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => {
            setDraft(toDraft(DEFAULT_FILTERS));
            setProblem(null);
            onClear();
          }}
        >
          Clear Filters
        </button>
        <button type="submit" className={buttonClass('primary', 'sm')}>
          Apply Filters
        </button>
      </div>
    </form>
  );
}
