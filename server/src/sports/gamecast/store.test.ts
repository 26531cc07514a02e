import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Gamecast } from '@shared/schemas/gamecast';
import { keys } from '../../storage/keys';
import { MemoryStore } from '../../storage/memory-store';
import { createGamecastStore } from './store';

const gamecast = (version: number): Gamecast => ({
  gameId: '401671002',
  league: 'NFL',
  updatedAt: '2026-11-27T13:00:00.000Z',
  version,
  scoringPlays: [],
  plays: [],
  teamStats: [],
  playerTables: [],
  leaders: [],
  winProbability: null,
  watch: null,
});

describe('the Gamecast store', () => {
  it('parses a stored Gamecast once while it stays the same, and reads a new one when it changes', async () => {
    const memory = new MemoryStore();
    const store = createGamecastStore(memory, pino({ level: 'silent' }));
    expect(await store.gamecast('401671002')).toBeNull();
    await store.saveGamecast(gamecast(1));
    const first = await store.gamecast('401671002');
    expect(first).toEqual(gamecast(1));
    expect(await store.gamecast('401671002')).toBe(first);
    await store.saveGamecast(gamecast(2));
    expect(await store.gamecast('401671002')).toEqual(gamecast(2));
  });

  it('reads an unreadable or foreign stored value as absent', async () => {
    const memory = new MemoryStore();
    const store = createGamecastStore(memory, pino({ level: 'silent' }));
    await memory.set(keys.gamecast('401671002'), '{"gameId":"401671002","version":"x"');
    expect(await store.gamecast('401671002')).toBeNull();
    await memory.set(keys.gamecast('401671002'), JSON.stringify({ ...gamecast(1), version: -1 }));
    expect(await store.gamecast('401671002')).toBeNull();
  });
});
