import { type createStore, useStore } from '@client/lib/store';
import { useEffect, useRef } from 'react';
import {
  sportsDatasetSchema,
  sportsGamesChangedPayloadSchema,
  type SportsDataset,
  type SportsDataUpdatedPayload,
  type SportsGamesChangedPayload,
} from '@shared/schemas/sports';
import { DelayBuffer } from '@client/lib/delay-buffer';
import { gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { getSocket } from '@client/lib/socket';

/** What reaches this tab about scores: a whole scoreboard, or the games a refresh changed. */
export type ScoreFeedItem =
  { type: 'dataset'; data: SportsDataset } | { type: 'changes'; payload: SportsGamesChangedPayload };

type ScoreFeedListener = (item: ScoreFeedItem) => void;
type JotaiStore = ReturnType<typeof createStore>;

export interface ScoreFeed {
  /** Hands in a scoreboard this tab read or was answered; it comes out in turn with the pushes. */
  push(item: ScoreFeedItem): void;
  /** Hears every item as it is released; the feed listens to the server while anyone listens to it. */
  subscribe(listener: ScoreFeedListener): () => void;
}

/**
 * The one way scores reach this tab's screens. Every scoreboard the tab gets (its own reads, the
 * answers to its refreshes, the server's pushes) and every games-changed push goes through one
 * DelayBuffer: with a delay in the game-day settings each is released that many seconds after it
 * reached the browser, strictly in arrival order, so a score and the alert that announces it come
 * out together, and changing the delay applies at once to what is held.
 */
function createScoreFeed(store: JotaiStore): ScoreFeed {
  const listeners = new Set<ScoreFeedListener>();
  let running: { buffer: DelayBuffer<ScoreFeedItem>; stop: () => void } | null = null;

  const delayMs = () => store.get(gameDaySettingsAtom).delaySeconds * 1000;

  function start() {
    const buffer = new DelayBuffer<ScoreFeedItem>((item) => {
      for (const listener of [...listeners]) listener(item);
    }, delayMs());
    const stopFollowingDelay = store.sub(gameDaySettingsAtom, () => buffer.setDelay(delayMs()));
    const socket = getSocket();
    const onDataset = (payload: SportsDataUpdatedPayload) => {
      const parsed = sportsDatasetSchema.safeParse(payload?.sportsData);
      if (parsed.success) buffer.push({ type: 'dataset', data: parsed.data });
      else console.warn('sports: ignoring an unreadable sportsDataUpdated push');
    };
    const onChanges = (payload: SportsGamesChangedPayload) => {
      const parsed = sportsGamesChangedPayloadSchema.safeParse(payload);
      if (parsed.success) buffer.push({ type: 'changes', payload: parsed.data });
      else console.warn('sports: ignoring an unreadable sports:games-changed push');
    };
    socket.on('sportsDataUpdated', onDataset);
    socket.on('sports:games-changed', onChanges);
    running = {
      buffer,
      stop() {
        socket.off('sportsDataUpdated', onDataset);
        socket.off('sports:games-changed', onChanges);
        stopFollowingDelay();
        buffer.dispose();
      },
    };
  }

  return {
    push(item) {
      // Nobody listening means no screen shows scores: there is nobody to hand it to.
      running?.buffer.push(item);
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!running) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && running) {
          running.stop();
          running = null;
        }
      };
    },
  };
}

const feeds = new WeakMap<JotaiStore, ScoreFeed>();

/** The score feed of a jotai store (the app has one store, so one feed per tab). */
export function scoreFeedOf(store: JotaiStore): ScoreFeed {
  let feed = feeds.get(store);
  if (!feed) {
    feed = createScoreFeed(store);
    feeds.set(store, feed);
  }
  return feed;
}

/** Listens to the score feed while the component is mounted; the latest listener is always called. */
export function useScoreFeed(listener: ScoreFeedListener): ScoreFeed {
  const store = useStore();
  const feed = scoreFeedOf(store);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => feed.subscribe((item) => latest.current(item)), [feed]);
  return feed;
}

/**
 * Calls `listener` with every batch of game changes the server pushes (`payload.changes`: each
 * game as it is now, how it stood before, and the kinds of change: started, scored, lead-changed,
 * period-ended, final, postponed; empty kinds for a clock tick), released through the viewer's
 * game-day delay in the same order and at the same moment as the scores on screen, so an alert
 * never runs ahead of the score it announces. A change of the game list itself (a whole new
 * scoreboard) is not a batch. Mount it once per tab (for alerts): it works on every page.
 */
export function useGameChangeStream(listener: (payload: SportsGamesChangedPayload) => void): void {
  useScoreFeed((item) => {
    if (item.type === 'changes') listener(item.payload);
  });
}
