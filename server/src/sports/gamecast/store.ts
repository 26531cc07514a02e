import type { Logger } from 'pino';
import { z } from 'zod/mini';
import { gamecastSchema, watchLabelSchema, type Gamecast } from '@shared/schemas/gamecast';
import { fromStore } from '../../storage/from-store';
import { keys } from '../../storage/keys';
import { storeLock, type StoreLock } from '../../storage/lock';
import type { Store } from '../../storage/store';

/** A game's Gamecast outlives its last read this long: a fan who opens it again soon sees it at once. */
export const GAMECAST_TTL_MS = 30 * 60 * 1000;
/** A game's label is kept this long after its summary was last read (a day's games and the next). */
export const LABEL_TTL_MS = 2 * 24 * 60 * 60 * 1000;

/** A game's worth-watching label, and when (and whether after the final whistle) it was read. */
export const labelRecordSchema = z.object({
  watch: z.nullable(watchLabelSchema),
  /** When the summary it came from was read (ms since the epoch). */
  readAt: z.number(),
  /** Read once the game was final: it will not change again. */
  final: z.boolean(),
});
export type LabelRecord = z.infer<typeof labelRecordSchema>;

/** Games whose last read Gamecast an instance keeps parsed (fans opening the same few games). */
const PARSED_KEPT = 64;

/** `<gameId> <instanceId>`: game ids have no spaces (gameIdSchema). */
const watcherField = (gameId: string, instanceId: string) => `${gameId} ${instanceId}`;

/**
 * The Gamecast as every instance shares it: each game's latest Gamecast and label (keys of the game,
 * on its shard), the games watched on each instance with the time each watch lapses, and the lock
 * that lets one instance at a time read summaries. Unreadable stored values read as absent.
 */
export function createGamecastStore(store: Store, logger: Logger) {
  /**
   * The last Gamecast read of each game, with the text it was parsed from: a crowd opening one game
   * reads the same stored text again and again, and it is checked and parsed once. Callers treat
   * what they get as read-only.
   */
  const parsed = new Map<string, { raw: string; gamecast: Gamecast }>();

  function parse<T>(raw: string | null, schema: z.ZodMiniType<T>, what: string): T | null {
    if (raw === null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through: unreadable is absent, and the next read replaces it
    }
    logger.warn({ what }, 'gamecast: a stored value is unreadable; it will be replaced');
    return null;
  }

  return {
    /** The game's latest Gamecast, or null. */
    async gamecast(gameId: string): Promise<Gamecast | null> {
      const raw = await fromStore(() => store.get(keys.gamecast(gameId)));
      const kept = parsed.get(gameId);
      if (raw !== null && kept?.raw === raw) return kept.gamecast;
      const gamecast = parse(raw, gamecastSchema, 'gamecast');
      parsed.delete(gameId);
      if (raw !== null && gamecast) {
        if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
        parsed.set(gameId, { raw, gamecast });
      }
      return gamecast;
    },

    saveGamecast: (gamecast: Gamecast) =>
      store.set(keys.gamecast(gamecast.gameId), JSON.stringify(gamecast), GAMECAST_TTL_MS),

    /** Keeps an unchanged Gamecast for another GAMECAST_TTL_MS. */
    keepGamecast: (gameId: string) => store.expire(keys.gamecast(gameId), GAMECAST_TTL_MS),

    /** The label records of these games (absent ones left out). */
    async labels(gameIds: readonly string[]): Promise<Map<string, LabelRecord>> {
      const raws = await Promise.all(gameIds.map((gameId) => store.get(keys.gamecastLabel(gameId))));
      const found = new Map<string, LabelRecord>();
      raws.forEach((raw, index) => {
        const record = parse(raw, labelRecordSchema, 'label');
        if (record) found.set(gameIds[index]!, record);
      });
      return found;
    },

    saveLabel: (gameId: string, record: LabelRecord) =>
      store.set(keys.gamecastLabel(gameId), JSON.stringify(record), LABEL_TTL_MS),

    /** Notes that `instanceId` has watchers of the game until `until` (ms) unless renewed. */
    async watch(gameId: string, instanceId: string, until: number, ttlMs: number): Promise<void> {
      await store.hashSet(keys.gamecastWatchers(), watcherField(gameId, instanceId), String(until));
      // The hash itself goes when every instance that wrote it has stopped renewing.
      await store.expire(keys.gamecastWatchers(), ttlMs);
    },

    unwatch: (gameId: string, instanceId: string) =>
      store.hashDelete(keys.gamecastWatchers(), watcherField(gameId, instanceId)),

    /** The games some instance has watchers of at `now`; lapsed entries (a crashed instance's) are removed. */
    async watchedGames(now: number): Promise<Set<string>> {
      const entries = await store.hashGetAll(keys.gamecastWatchers());
      const watched = new Set<string>();
      const lapsed: string[] = [];
      for (const [field, until] of Object.entries(entries)) {
        const gameId = field.slice(0, field.indexOf(' '));
        if (Number(until) > now && gameId) watched.add(gameId);
        else lapsed.push(field);
      }
      await Promise.all(lapsed.map((field) => store.hashDelete(keys.gamecastWatchers(), field)));
      return watched;
    },

    /** The instance that reads summaries: only its holder does. */
    pollerLock: (ttlMs: number): StoreLock => storeLock(store, keys.lock('gamecast-poller'), ttlMs),
  };
}

export type GamecastStore = ReturnType<typeof createGamecastStore>;
