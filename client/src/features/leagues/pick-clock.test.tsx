import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PickClock, secondsLeft } from './pick-clock';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const DEADLINE = '2026-11-27T14:00:30.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the pick clock', () => {
  it('shows the time left to the deadline, rounded up, never below zero', () => {
    expect(secondsLeft(DEADLINE, at('2026-11-27T14:00:00.000Z'))).toBe(30);
    expect(secondsLeft(DEADLINE, at('2026-11-27T14:00:29.100Z'))).toBe(1);
    expect(secondsLeft(DEADLINE, at('2026-11-27T14:00:31.000Z'))).toBe(0);
    expect(secondsLeft('not a time', 0)).toBe(0);
  });

  it('counts down from the deadline as time passes, whatever its redraws did meanwhile', () => {
    vi.useFakeTimers();
    let now = at('2026-11-27T13:59:00.000Z');
    render(<PickClock deadline={DEADLINE} now={() => now} />);
    expect(screen.getByTestId('pick-clock').textContent).toBe('1:30');
    // A tab asleep for 75 s wakes up to the right time: nothing is counted locally.
    now += 75_000;
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByTestId('pick-clock').textContent).toBe('0:15');
    expect(screen.getByLabelText('Time left to pick: 0:15')).toBeTruthy();
  });

  it('restarts from a new deadline (a resume) at once', () => {
    const now = at('2026-11-27T14:00:20.000Z');
    const { rerender } = render(<PickClock deadline={DEADLINE} now={() => now} />);
    expect(screen.getByTestId('pick-clock').textContent).toBe('0:10');
    rerender(<PickClock deadline="2026-11-27T14:01:20.000Z" now={() => now} />);
    expect(screen.getByTestId('pick-clock').textContent).toBe('1:00');
  });
});
