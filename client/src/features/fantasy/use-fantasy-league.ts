import { useAtom, useAtomValue } from '@client/lib/store';
import { useCallback, useEffect, useState } from 'react';
import { leaderAtom } from '@client/lib/tab-leader';
import { COMPANIES, type Company, type CompanyId } from './catalogue';
import { AI_PICK_DELAY_MS, isAiTurn } from './engine';
import type { RandomSource } from './random';
import { createSharedLeague } from './shared-league';

/**
 * Leads the AI clock: of the tabs showing the fantasy page, only the one holding this lock makes
 * the AI teams' picks; when it closes (or leaves the page) the next tab takes over.
 */
export const aiClockLeaderAtom = leaderAtom('tech-touchdown:fantasy-ai-clock');

export interface FantasyLeagueOptions {
  /** The directory to draft from; the shipped one by default. */
  companies?: readonly Company[];
  /** Random source for new leagues and AI picks; Math.random by default. */
  random?: RandomSource;
  /** Clock for the saved league's timestamp; Date.now by default. */
  now?: () => number;
}

/**
 * The league of the page, shared by every tab of this browser (see shared-league.ts): restored
 * when a save younger than 7 days exists, saved after every move, and followed when another tab
 * saves. The AI team on the clock picks AI_PICK_DELAY_MS after the turn passed to it (or after the
 * page opened); the tab that leads the AI clock makes that pick, and a tab that becomes the leader
 * late makes it at the same moment, or at once when that moment has passed. The options are read
 * once, when the page opens.
 */
export function useFantasyLeague({
  companies = COMPANIES,
  random = Math.random,
  now = Date.now,
}: FantasyLeagueOptions = {}) {
  const [shared] = useState(() => createSharedLeague({ companies, random, now }));
  const [{ league, turnSince }, send] = useAtom(shared.leagueAtom);
  const leading = useAtomValue(aiClockLeaderAtom);

  const aiOnTheClock = leading && isAiTurn(league);
  const currentPick = league.draft.currentPick;
  useEffect(() => {
    if (!aiOnTheClock) return;
    const pickNow = () => send({ type: 'ai-pick', pick: currentPick });
    // At most the full delay: a clock set back since the turn passed must not hold the draft up.
    const wait = Math.min(AI_PICK_DELAY_MS, turnSince + AI_PICK_DELAY_MS - shared.now());
    if (wait <= 0) {
      pickNow();
      return;
    }
    const timer = setTimeout(pickNow, wait);
    return () => clearTimeout(timer);
  }, [aiOnTheClock, currentPick, turnSince, shared, send]);

  const start = useCallback(() => send({ type: 'start' }), [send]);
  const pick = useCallback(
    (companyId: CompanyId) => send({ type: 'user-pick', companyId, pick: currentPick }),
    [send, currentPick],
  );
  const toggleQueue = useCallback(
    (companyId: CompanyId) => send({ type: 'toggle-queue', companyId }),
    [send],
  );
  const reset = useCallback(() => send({ type: 'reset' }), [send]);

  return {
    league,
    /** A saved league was restored when the page opened. */
    restored: shared.restored,
    start,
    pick,
    toggleQueue,
    reset,
  };
}
