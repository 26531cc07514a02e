import type { ReactNode } from 'react';
import { CATALOGUE_BY_ID } from '@shared/data/yc-companies';
import type { League, LeagueSeat } from '@shared/schemas/leagues';
import { cardClass } from '@client/components/button';

export function Panel({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={`${cardClass} flex min-w-0 flex-col gap-3 p-4`} aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A refusal or failure, read out when it appears. */
export function ErrorNote({ message }: { message: string | null }) {
  return (
    <p
      role="alert"
      className={
        message
          ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200'
          : 'sr-only'
      }
    >
      {message ?? ''}
    </p>
  );
}

export const companyName = (companyId: string) => CATALOGUE_BY_ID.get(companyId)?.name ?? companyId;

/** The seat's team name, with the person's login beside it (logins are unique, names are not). */
export function SeatName({ seat }: { seat: LeagueSeat }) {
  return (
    <span className="min-w-0">
      <span className="font-medium">{seat.teamName}</span>{' '}
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {seat.kind === 'ai' ? '(AI team)' : `@${seat.login}`}
      </span>
    </span>
  );
}

export function mySeat(league: League, login: string): LeagueSeat | undefined {
  return league.seats.find((seat) => seat.kind === 'person' && seat.login === login);
}

/** Each seat's drafted companies, in pick order. */
export function picksBySeat(league: League): Map<number, string[]> {
  const bySeat = new Map<number, string[]>(league.seats.map((seat) => [seat.seat, []]));
  for (const pick of league.picks) bySeat.get(pick.seat)?.push(pick.companyId);
  return bySeat;
}

export const STATUS_LABELS: Record<League['status'], string> = {
  lobby: 'In the lobby',
  drafting: 'Drafting',
  paused: 'Paused',
  complete: 'Draft complete',
};
