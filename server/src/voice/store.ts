import { VOICE_PRESENCE_TTL_MS, type VoiceParticipant, type VoicePresence } from '@shared/schemas/voice';
import { keys } from '../storage/keys';
import { storeLock } from '../storage/lock';
import type { Store } from '../storage/store';

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

  /** Current participants; lapsed or unreadable entries are removed on the way. */
  async function read(gameId: string): Promise<VoicePresence> {
    const entries = await store.hashGetAll(keys.voicePresence(gameId));
    const participants: VoiceParticipant[] = [];
    for (const [id, raw] of Object.entries(entries)) {
      const record = parse(raw);
      if (!record || now() - record.seenAt > VOICE_PRESENCE_TTL_MS) {
        await store.hashDelete(keys.voicePresence(gameId), id);
        continue;
      }
      participants.push({ id, login: record.login, name: record.name });
    }
    participants.sort((a, b) => a.id.localeCompare(b.id));
    if (participants.length === 0) await store.hashDelete(keys.voiceRooms(), gameId);
    return { gameId, participantCount: participants.length, participants };
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
      await store.hashSet(keys.voicePresence(gameId), participant.id, JSON.stringify(record));
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
      await store.hashDelete(keys.voicePresence(gameId), participantId);
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
