import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutedNotice, SlowModeNotice, SlowModeWait, UnreadBadge } from './room-status';
import { useSecondsLeft } from './use-seconds-left';

/** The message box's countdown as the chat shows it: nothing once the wait is over. */
function Countdown({ until }: { until: number | null }) {
  const left = useSecondsLeft(until);
  return left > 0 ? <SlowModeWait secondsLeft={left} /> : <span>Ready</span>;
}

describe('the slow-mode countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 23, 21, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down a second at a time and disappears when the wait is over', () => {
    render(<Countdown until={Date.now() + 12_000} />);
    expect(screen.getByText('Slow mode: wait 12 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Slow mode: wait 11 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(9000));
    expect(screen.getByText('Slow mode: wait 2 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText(/Slow mode: wait/)).not.toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
  });

  it('rounds a part second up, and starts again when a new wait is set', () => {
    const first = Date.now() + 4_200;
    const { rerender } = render(<Countdown key={first} until={first} />);
    expect(screen.getByText('Slow mode: wait 5 s')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Ready')).toBeInTheDocument();
    const next = Date.now() + 30_000;
    rerender(<Countdown key={next} until={next} />);
    expect(screen.getByText('Slow mode: wait 30 s')).toBeInTheDocument();
  });
});

describe('room notices', () => {
  it('tells everyone slow mode is on, and a muted reader until when, in their clock', () => {
    render(
      <>
        <SlowModeNotice seconds={30} />
        <MutedNotice until={new Date(2026, 10, 23, 21, 45).toISOString()} />
      </>,
    );
    expect(screen.getByText('Slow mode is on (30 s)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are muted in this room until 21:45');
  });

  it('counts unread messages with an @ when one mentions the reader, and shows nothing when all is read', () => {
    const { rerender, container } = render(<UnreadBadge unread={3} mentioned={false} />);
    expect(container).toHaveTextContent(/^3 unread$/);
    rerender(<UnreadBadge unread={3} mentioned />);
    expect(container).toHaveTextContent('3 unread@, mentions you');
    rerender(<UnreadBadge unread={0} mentioned />);
    expect(container).toBeEmptyDOMElement();
  });
});
