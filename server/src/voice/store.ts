import { VOICE_PRESENCE_TTL_MS, type VoiceParticipant, type VoicePresence } from '@shared/schemas/voice';
import { keys } from '../storage/keys';
import { storeLock } from '../storage/lock';
import type { Store, VersionedHashUpdate } from '../storage/store';

/** A game's presence version lapses after this long without a change (a day: longer than any game). */
const VOICE_VERSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Versions a fresh counter leaves room for per millisecond since the epoch (still a safe integer). */
const VERSION_SEED_PER_MS = 1000;

interface PresenceRecord {
  login: string;
  name: string | null;
  seenAt: number;
}

/**
 * Who is in each game's voice room, kept in the store so every instance counts the same people.
 * An entry lapses when its heartbeat stops (a crashed instance's clients disappear on their own).
 *
 * A login holds one place in a room whatever number of sockets it has: the place is a lock (set only
 * when absent, so sockets of one login joining at once cannot both take it) held by one socket id
 * and kept alive by that socket's heartbeats.
 */
export function createVoicePresenceStore(store: Store, now: () => number = Date.now) {
  const parse = (raw: string): PresenceRecord | null => {
    try {
      return JSON.parse(raw) as PresenceRecord;
    } catch {
      return null;
    }
  };

  /**
   * Changes a game's participants and marks the change, in one store step: every read that starts
   * later carries a higher version. The counter starts from the clock when absent (the first change,
   * or after a day without one), so a restarted counter is still above any a client has seen.
   */
  async function change(gameId: string, update: Pick<VersionedHashUpdate, 'remove' | 'set'>): Promise<void> {
    await store.hashUpdateVersioned({
      key: keys.voicePresence(gameId),
      ...update,
      version: {
        key: keys.voiceVersion(gameId),
        seed: now() * VERSION_SEED_PER_MS,
        ttlMs: VOICE_VERSION_TTL_MS,
      },
    });
  }

  /**
   * Current participants with their version; lapsed or unreadable entries are removed on the way.
   * The version is read before the participants, so the newest version any read carries is read
   * after the last change: whatever order pushes arrive in, the one with the highest version is right.
   */
  async function read(gameId: string): Promise<VoicePresence> {
    const version = Number((await store.get(keys.voiceVersion(gameId))) ?? 0);
    const entries = await store.hashGetAll(keys.voicePresence(gameId));
    const participants: VoiceParticipant[] = [];
    const lapsed: string[] = [];
    for (const [id, raw] of Object.entries(entries)) {
      const record = parse(raw);
      if (!record || now() - record.seenAt > VOICE_PRESENCE_TTL_MS) lapsed.push(id);
      else participants.push({ id, login: record.login, name: record.name });
    }
    if (lapsed.length > 0) {
      // Removing them is a change: read again under the version that follows it.
      await change(gameId, { remove: lapsed });
      return read(gameId);
    }
    participants.sort((a, b) => a.id.localeCompare(b.id));
    if (participants.length === 0) await store.hashDelete(keys.voiceRooms(), gameId);
    return { gameId, participantCount: participants.length, participants, version };
  }

  const place = (gameId: string, login: string) =>
    storeLock(store, keys.voicePlace(gameId, login), VOICE_PRESENCE_TTL_MS);

  return {
    read,

    /**
     * Takes (or keeps) `login`'s place in a game's voice room for one socket. False when another
     * socket of the same login holds it.
     */
    claimPlace(gameId: string, login: string, socketId: string): Promise<boolean> {
      return place(gameId, login).hold(socketId);
    },

    /** Gives the place back, only when this socket still holds it. */
    releasePlace(gameId: string, login: string, socketId: string): Promise<void> {
      return place(gameId, login).release(socketId);
    },

    async add(gameId: string, participant: VoiceParticipant): Promise<void> {
      const record: PresenceRecord = { login: participant.login, name: participant.name, seenAt: now() };
      await change(gameId, { set: { [participant.id]: JSON.stringify(record) } });
      // Not in the same step: the list of rooms is no one game's, so on a cluster it is on another shard.
      await store.hashSet(keys.voiceRooms(), gameId, '1');
    },

    /** Refreshes a participant's heartbeat; false when it had already lapsed. */
    async touch(gameId: string, participantId: string): Promise<boolean> {
      const entries = await store.hashGetAll(keys.voicePresence(gameId));
      const record = entries[participantId] ? parse(entries[participantId]) : null;
      if (!record) return false;
      record.seenAt = now();
      await store.hashSet(keys.voicePresence(gameId), participantId, JSON.stringify(record));
      return true;
    },

    async remove(gameId: string, participantId: string): Promise<void> {
      await change(gameId, { remove: [participantId] });
    },

    async has(gameId: string, participantId: string): Promise<boolean> {
      const entries = await store.hashGetAll(keys.voicePresence(gameId));
      return participantId in entries;
    },

    /** Games that have had someone in voice recently (swept for lapsed heartbeats). */
    async activeGames(): Promise<string[]> {
      return Object.keys(await store.hashGetAll(keys.voiceRooms()));
    },
  };
}

export type VoicePresenceStore = ReturnType<typeof createVoicePresenceStore>;
