import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '@client/lib/after-paint';
import { afterFirstPaint, PagePaintMark } from './after-first-paint';

afterEach(() => vi.restoreAllMocks());

/** Lets the browser "paint": animation frames run, then the tasks they queued. */
async function paint() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('work after the first paint', () => {
  it('runs a task only after the next frame has painted, and not once cancelled', async () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('kept'));
    const cancel = afterNextPaint(() => ran.push('cancelled'));
    cancel();
    expect(ran).toEqual([]);
    await paint();
    expect(ran).toEqual(['kept']);
  });

  it('shows the placeholder until the page has painted, then the part once its code has loaded', async () => {
    const load = vi.fn(async () => ({ Part: ({ label }: { label: string }) => <p>{label}</p> }));
    const Deferred = afterFirstPaint('part', load, (module) => module.Part, <span>keeps its place</span>);
    const { rerender } = render(<Deferred label="the player" />);
    // The frame has painted, the page inside it not yet: the part waits.
    await paint();
    expect(screen.getByText('keeps its place')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    rerender(
      <>
        <Deferred label="the player" />
        <PagePaintMark />
      </>,
    );
    expect(await screen.findByText('the player')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('keeps its place')).not.toBeInTheDocument();
  });

  it('leaves out a part whose code cannot load, and the rest of the frame stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Not a deploy: the server says the same build, so no reload is tried.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    const Deferred = afterFirstPaint(
      'broken part',
      () => Promise.reject(new Error('offline')),
      (module: { Part: () => null }) => module.Part,
    );
    render(
      <div>
        <p>the frame</p>
        <Deferred />
      </div>,
    );
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('broken part: could not load', expect.any(Error)),
    );
    expect(screen.getByText('the frame')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
