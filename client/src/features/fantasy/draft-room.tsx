import { useId, useMemo, useState } from 'react';
import { Dialog } from '@client/components/dialog';
import { buttonClass } from '@client/components/button';
import { verticalLabel, type Company, type CompanyId } from './catalogue';
import { DraftBoard } from './draft-board';
import {
  SEARCH_RESULT_LIMIT,
  TOTAL_ROUNDS,
  isUserTurn,
  searchAvailable,
  teamOnTurn,
  type League,
} from './engine';
import { CompanySummary, EmptyState, Section } from './parts';

export interface DraftRoomProps {
  league: League;
  onStart: () => void;
  onPick: (companyId: CompanyId) => void;
  onToggleQueue: (companyId: CompanyId) => void;
  onReset: () => void;
}

/** Value of the vertical filter meaning every vertical. */
const ALL_VERTICALS = '';

/**
 * Where the user drafts: Start Draft, search and vertical filter over the available startups (top
 * 20, best projection first, the user's starred ones first on their turn), the personal queue,
 * the live board and Reset League.
 */
export function DraftRoom({ league, onStart, onPick, onToggleQueue, onReset }: DraftRoomProps) {
  const { draft } = league;
  const [query, setQuery] = useState('');
  const [vertical, setVertical] = useState(ALL_VERTICALS);
  const [confirmReset, setConfirmReset] = useState(false);
  const searchId = useId();
  const verticalId = useId();

  const verticals = useMemo(() => {
    const labels = new Set(
      [...draft.availableCompanies, ...draft.pickedCompanies].map((company) => verticalLabel(company)),
    );
    // Other (no vertical) goes last.
    return [...labels].sort((a, b) => Number(a === 'Other') - Number(b === 'Other') || a.localeCompare(b));
  }, [draft.availableCompanies, draft.pickedCompanies]);

  const { shown, total } = searchAvailable(
    league,
    { query, vertical: vertical === ALL_VERTICALS ? null : vertical },
    verticalLabel,
  );
  const myTurn = isUserTurn(league);
  const notStarted = !draft.isActive && !draft.isComplete;
  const queued = new Set(league.queue);
  const queue = league.queue
    .map((id) => draft.availableCompanies.find((company) => company.link === id))
    .filter((company): company is Company => company !== undefined);

  return (
    <div className="flex flex-col gap-5">
      {notStarted ? (
        <Section
          title="Ready to draft?"
          description={`You pick first, then the nine AI teams, for ${TOTAL_ROUNDS} rounds. Star startups now to line them up.`}
        >
          <button type="button" onClick={onStart} className={buttonClass('primary', 'lg')}>
            Start Draft
          </button>
        </Section>
      ) : null}

      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <Section
          title="Available Startups"
          description={
            draft.isComplete
              ? 'The draft is over; these startups went undrafted.'
              : myTurn
                ? 'Your pick: choose a startup to draft.'
                : draft.isActive
                  ? `${teamOnTurn(league).name} is on the clock.`
                  : 'Browse the directory before the draft starts.'
          }
        >
          <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
            <div>
              <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
                Search startups
              </label>
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Name or description"
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500"
              />
            </div>
            <div>
              <label htmlFor={verticalId} className="mb-1 block text-sm font-medium">
                Vertical
              </label>
              <select
                id={verticalId}
                value={vertical}
                onChange={(event) => setVertical(event.target.value)}
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              >
                <option value={ALL_VERTICALS}>All verticals</option>
                {verticals.map((label) => (
                  <option key={label} value={label}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <p className="mb-3 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
            {total > SEARCH_RESULT_LIMIT
              ? `Showing the top ${SEARCH_RESULT_LIMIT} of ${total} matching startups`
              : `${total} matching ${total === 1 ? 'startup' : 'startups'}`}
          </p>

          {shown.length === 0 ? (
            <EmptyState title="No Companies Found">Try adjusting your search terms or filters</EmptyState>
          ) : (
            <ul aria-label="Available startups" className="flex flex-col gap-2">
              {shown.map((company) => (
                <CompanyRow
                  key={company.link}
                  company={company}
                  projection={league.stats[company.link]?.projection ?? 0}
                  starred={queued.has(company.link)}
                  canDraft={myTurn}
                  onPick={onPick}
                  onToggleQueue={onToggleQueue}
                />
              ))}
            </ul>
          )}
        </Section>

        <div className="flex flex-col gap-5">
          <Section title="Your Queue" description="Starred startups, shown first when it is your turn.">
            {queue.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Star startups with ☆ to line them up for your turn.
              </p>
            ) : (
              <ol aria-label="Your queue" className="flex flex-col gap-2">
                {queue.map((company, index) => (
                  <li
                    key={company.link}
                    className="flex items-center gap-2 rounded-lg border border-slate-200 px-2 py-1.5 text-sm dark:border-slate-800"
                  >
                    <span className="w-5 text-xs tabular-nums text-slate-500">{index + 1}.</span>
                    <span className="min-w-0 flex-1 truncate font-medium">{company.name}</span>
                    {myTurn ? (
                      <button
                        type="button"
                        onClick={() => onPick(company.link)}
                        aria-label={`Draft ${company.name}`}
                        className={buttonClass('primary', 'sm')}
                      >
                        Draft
                      </button>
                    ) : null}
                    <button
                      type="button"
                      onClick={() => onToggleQueue(company.link)}
                      aria-label={`Remove ${company.name} from queue`}
                      title="Remove from queue"
                      className={buttonClass('ghost', 'sm')}
                    >
                      <span aria-hidden="true">✕</span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </Section>

          <Section title="League Settings">
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
              Start over with fresh teams. The current draft is lost.
            </p>
            <button type="button" onClick={() => setConfirmReset(true)} className={buttonClass('secondary')}>
              Reset League
            </button>
          </Section>
        </div>
      </div>

      <DraftBoard league={league} />

      <Dialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Reset the league?"
        description="Every pick is cleared and ten fresh teams are made."
        size="sm"
        footer={
          <>
            <button type="button" onClick={() => setConfirmReset(false)} className={buttonClass('secondary')}>
              Cancel
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirmReset(false);
                setQuery('');
                setVertical(ALL_VERTICALS);
                onReset();
              }}
              className={buttonClass('danger')}
            >
              Reset League
            </button>
          </>
        }
      />
    </div>
  );
}

function CompanyRow({
  company,
  projection,
  starred,
  canDraft,
  onPick,
  onToggleQueue,
}: {
  company: Company;
  projection: number;
  starred: boolean;
  canDraft: boolean;
  onPick: (companyId: CompanyId) => void;
  onToggleQueue: (companyId: CompanyId) => void;
}) {
  return (
    <li
      className={`flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center ${
        starred
          ? 'border-amber-300 bg-amber-50/60 dark:border-amber-500/40 dark:bg-amber-500/5'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="min-w-0 flex-1">
        <CompanySummary company={company} />
      </div>
      <div className="flex items-center gap-2 self-end sm:self-center">
        <span className="text-right text-xs text-slate-500 dark:text-slate-400">
          Proj.
          <span className="ml-1 text-base font-semibold tabular-nums text-slate-900 dark:text-slate-100">
            {projection}
          </span>
        </span>
        <button
          type="button"
          onClick={() => onToggleQueue(company.link)}
          aria-pressed={starred}
          aria-label={`Star ${company.name}`}
          title={starred ? 'Remove from your queue' : 'Add to your queue'}
          className={`rounded-lg p-2 text-lg leading-none transition-colors ${
            starred
              ? 'text-amber-500 hover:bg-amber-100 dark:hover:bg-amber-500/10'
              : 'text-slate-400 hover:bg-slate-100 hover:text-amber-500 dark:hover:bg-slate-800'
          }`}
        >
          <span aria-hidden="true">{starred ? '★' : '☆'}</span>
        </button>
        <button
          type="button"
          onClick={() => onPick(company.link)}
          disabled={!canDraft}
          aria-label={`Draft ${company.name}`}
          className={buttonClass('primary', 'sm')}
        >
          Draft
        </button>
      </div>
    </li>
  );
}
