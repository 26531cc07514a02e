import { describe, expect, it } from 'vitest';
import { canAdvance, initialPickerState, isLastStep, lastWord, pickerReducer } from './picker-state';

const KEYS = ['nfl', 'nba', 'mlb', 'nhl'] as const;
const reduce = pickerReducer(KEYS);

describe('picker rules', () => {
  it('starts at step 0 with empty selections', () => {
    expect(initialPickerState(KEYS)).toEqual({ step: 0, selections: { nfl: [], nba: [], mlb: [], nhl: [] } });
  });

  it('toggles a short name in the current step only', () => {
    let state = initialPickerState(KEYS);
    state = reduce(state, { type: 'toggle', id: 'KC' });
    state = reduce(state, { type: 'toggle', id: 'BUF' });
    expect(state.selections.nfl).toEqual(['KC', 'BUF']);
    state = reduce(state, { type: 'toggle', id: 'KC' });
    expect(state.selections).toEqual({ nfl: ['BUF'], nba: [], mlb: [], nhl: [] });
  });

  it('keeps Next disabled until a pick in the current step, with no maximum', () => {
    let state = initialPickerState(KEYS);
    expect(canAdvance(state, KEYS)).toBe(false);
    expect(reduce(state, { type: 'next' }).step).toBe(0);
    for (const id of ['ARI', 'ATL', 'BAL', 'BUF', 'CAR', 'CHI'])
      state = reduce(state, { type: 'toggle', id });
    expect(canAdvance(state, KEYS)).toBe(true);
    state = reduce(state, { type: 'next' });
    expect(state.step).toBe(1);
    expect(canAdvance(state, KEYS)).toBe(false); // a new step needs its own pick
  });

  it('always enables the last step button, even with nothing picked there', () => {
    let state = initialPickerState(KEYS, { nfl: ['KC'], nba: ['BOS'], mlb: ['NYY'] });
    state = reduce(reduce(reduce(state, { type: 'next' }), { type: 'next' }), { type: 'next' });
    expect(state.step).toBe(3);
    expect(isLastStep(state, KEYS)).toBe(true);
    expect(canAdvance(state, KEYS)).toBe(true);
    expect(reduce(state, { type: 'next' }).step).toBe(3); // nothing beyond the last step
  });

  it('goes back with Previous, does nothing on the first step, and keeps selections across steps', () => {
    let state = initialPickerState(KEYS);
    expect(reduce(state, { type: 'previous' })).toBe(state);
    state = reduce(state, { type: 'toggle', id: 'KC' });
    state = reduce(state, { type: 'next' });
    state = reduce(state, { type: 'toggle', id: 'LAL' });
    state = reduce(state, { type: 'previous' });
    expect(state.step).toBe(0);
    expect(state.selections).toEqual({ nfl: ['KC'], nba: ['LAL'], mlb: [], nhl: [] });
  });

  it('can start from saved favourites without sharing their arrays', () => {
    const saved = { nfl: ['KC'] };
    const state = reduce(initialPickerState(KEYS, saved), { type: 'toggle', id: 'BUF' });
    expect(state.selections.nfl).toEqual(['KC', 'BUF']);
    expect(saved.nfl).toEqual(['KC']);
  });

  it('takes the last word of a name for tiles', () => {
    expect(lastWord('San Francisco 49ers')).toBe('49ers');
    expect(lastWord('Hugging Face')).toBe('Face');
    expect(lastWord('Go')).toBe('Go');
  });
});
