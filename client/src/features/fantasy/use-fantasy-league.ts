import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { COMPANIES, type Company, type CompanyId } from './catalogue';
import {
  AI_PICK_DELAY_MS,
  chooseAiPick,
  createLeague,
  isAiTurn,
  pickCompany,
  startDraft,
  toggleQueued,
  userPick,
  type League,
} from './engine';
import { clearSavedLeague, loadLeague, saveLeague } from './persistence';
import type { RandomSource } from './random';

type Action =
  | { type: 'start' }
  /** `pick` is the pick number the move was meant for; a stale move (a timer that lost a race) is dropped. */
  | { type: 'user-pick'; companyId: CompanyId; pick: number }
  | { type: 'ai-pick'; companyId: CompanyId; pick: number }
  | { type: 'toggle-queue'; companyId: CompanyId }
  | { type: 'replace'; league: League };

/** Pure: every random choice is made before dispatching, so React may call this twice. */
function leagueReducer(league: League, action: Action): League {
  switch (action.type) {
    case 'start':
      return startDraft(league);
    case 'user-pick':
      return action.pick === league.draft.currentPick ? userPick(league, action.companyId) : league;
    case 'ai-pick':
      return action.pick === league.draft.currentPick && isAiTurn(league)
        ? pickCompany(league, action.companyId)
        : league;
    case 'toggle-queue':
      return toggleQueued(league, action.companyId);
    case 'replace':
      return action.league;
  }
}

/** Something worth keeping: a fresh, untouched league is not saved (Reset leaves storage empty). */
function worthSaving(league: League): boolean {
  const { draft } = league;
  return draft.isActive || draft.isComplete || draft.picks.length > 0 || league.queue.length > 0;
}

export interface FantasyLeagueOptions {
  /** The directory to draft from; the shipped one by default. */
  companies?: readonly Company[];
  /** Random source for new leagues and AI picks; Math.random by default. */
  random?: RandomSource;
  /** Clock for the saved league's timestamp; Date.now by default. */
  now?: () => number;
}

/**
 * The league of the page: restored from the browser when a save younger than 7 days exists, saved
 * after every change, and driven by a timer that lets the AI team on the clock pick
 * AI_PICK_DELAY_MS after the turn passed to it (cleared on unmount and whenever the turn changes).
 */
export function useFantasyLeague({
  companies = COMPANIES,
  random = Math.random,
  now = Date.now,
}: FantasyLeagueOptions = {}) {
  const [initial] = useState(() => {
    const restored = loadLeague(companies, now());
    return { league: restored ?? createLeague(companies, random), restored: restored !== null };
  });
  const [league, dispatch] = useReducer(leagueReducer, initial.league);

  const latest = useRef({ league, random, now });
  useEffect(() => {
    latest.current = { league, random, now };
  });

  // Save after each change, but not the league just loaded: visiting must not renew its 7 days.
  const lastSaved = useRef<League>(initial.league);
  useEffect(() => {
    if (league === lastSaved.current) return;
    lastSaved.current = league;
    if (worthSaving(league)) saveLeague(league, latest.current.now());
  }, [league]);

  const aiOnTheClock = isAiTurn(league);
  const currentPick = league.draft.currentPick;
  useEffect(() => {
    if (!aiOnTheClock) return;
    const timer = setTimeout(() => {
      const { league: current, random: source } = latest.current;
      const choice = chooseAiPick(current, source);
      if (choice !== null) dispatch({ type: 'ai-pick', companyId: choice, pick: current.draft.currentPick });
    }, AI_PICK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [aiOnTheClock, currentPick]);

  const start = useCallback(() => dispatch({ type: 'start' }), []);
  const pick = useCallback(
    (companyId: CompanyId) =>
      dispatch({ type: 'user-pick', companyId, pick: latest.current.league.draft.currentPick }),
    [],
  );
  const toggleQueue = useCallback(
    (companyId: CompanyId) => dispatch({ type: 'toggle-queue', companyId }),
    [],
  );
  const reset = useCallback(() => {
    clearSavedLeague();
    dispatch({ type: 'replace', league: createLeague(companies, latest.current.random) });
  }, [companies]);

  return {
    league,
    /** A saved league was restored when the page opened. */
    restored: initial.restored,
    start,
    pick,
    toggleQueue,
    reset,
  };
}
