import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from '@client/lib/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPodcastEngine, type PodcastEngine } from './engine';
import type * as Instance from './instance';
import { FakeAudio } from './__tests__/fake-audio';
import { MiniPlayer, PodcastPlayer } from './index';
import { TECH_TOUCHDOWN_PODCAST } from './playlist';

let engine: PodcastEngine;
let audio: FakeAudio;

// The players drive this test's engine (a fake audio element, a fresh store) instead of the app's.
const current = vi.hoisted(() => ({ engine: null as PodcastEngine | null }));
vi.mock('./instance', async (importOriginal) => ({
  ...(await importOriginal<typeof Instance>()),
  usePodcastEngine: () => current.engine!,
}));

function renderPlayers() {
  const store = createStore();
  audio = new FakeAudio();
  engine = createPodcastEngine({ store, audio });
  current.engine = engine;
  render(
    <Provider store={store}>
      <header>
        <MiniPlayer />
      </header>
      <aside>
        <PodcastPlayer />
      </aside>
    </Provider>,
  );
  return userEvent.setup();
}

const sidebar = () => screen.getByRole('region', { name: 'Podcast player' });
const mini = () => screen.getByRole('region', { name: 'Mini player' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  engine.dispose();
});

describe('the podcast players', () => {
  it('show the show, the episode and every control by name', () => {
    renderPlayers();
    expect(within(sidebar()).getByText('Tech Touchdown Podcast')).toBeInTheDocument();
    expect(within(sidebar()).getByText('Tech Touchdown Ep. 0')).toBeInTheDocument();
    expect(within(mini()).getByText('Tech Touchdown Ep. 0')).toBeInTheDocument();
    for (const name of [
      'Play',
      'Previous track',
      'Next track',
      'Skip back 15 seconds',
      'Skip forward 30 seconds',
      'Mute',
      'Shuffle',
    ]) {
      expect(within(sidebar()).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(sidebar()).getByRole('slider', { name: 'Volume' })).toHaveValue('1');
    expect(within(sidebar()).getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1');
    expect(within(mini()).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(audio.src).toBe(TECH_TOUCHDOWN_PODCAST.songs[0]!.url);
  });

  it('stay in sync: play in one, the other shows Pause', async () => {
    const user = renderPlayers();
    await user.click(within(mini()).getByRole('button', { name: 'Play' }));
    expect(audio.paused).toBe(false);
    expect(within(sidebar()).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.click(within(sidebar()).getByRole('button', { name: 'Pause' }));
    expect(audio.paused).toBe(true);
    expect(within(mini()).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('show the time as m:ss in both, and seek where the bar is clicked', () => {
    renderPlayers();
    act(() => audio.loadMetadata(80));
    act(() => audio.advanceTo(65));
    expect(within(sidebar()).getByText('1:05')).toBeInTheDocument();
    expect(within(sidebar()).getByText('1:20')).toBeInTheDocument();
    expect(within(mini()).getByText('1:05 / 1:20')).toBeInTheDocument();
    const bar = within(sidebar()).getByRole('slider', { name: 'Seek' });
    expect(bar).toHaveAttribute('aria-valuetext', '1:05 of 1:20');
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 0, 200, 16));
    fireEvent.pointerDown(bar, { clientX: 150, button: 0, pointerId: 1 });
    expect(audio.currentTime).toBe(20); // a quarter of the way along 80 s
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    // The thin bar, and the ring drawn instead of it when the top bar is narrow (CSS picks one).
    for (const progress of within(mini()).getAllByRole('progressbar')) {
      expect(progress).toHaveAttribute('aria-valuenow', '25');
    }
  });

  it('move along the bar with the keyboard', async () => {
    const user = renderPlayers();
    act(() => audio.loadMetadata(60));
    const bar = within(sidebar()).getByRole('slider', { name: 'Seek' });
    bar.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(audio.currentTime).toBe(10);
    await user.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(5);
    await user.keyboard('{End}');
    expect(audio.currentTime).toBe(60);
    await user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
  });

  it('mute, volume, shuffle and speed act on the one audio element', async () => {
    const user = renderPlayers();
    await user.click(within(sidebar()).getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);
    expect(within(sidebar()).getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(within(sidebar()).getByRole('slider', { name: 'Volume' }), { target: { value: '0.5' } });
    expect(audio.volume).toBe(0.5);
    expect(audio.muted).toBe(false);
    expect(localStorage.getItem('playerVolume')).toBe('0.5');
    await user.click(within(sidebar()).getByRole('button', { name: 'Shuffle' }));
    expect(within(sidebar()).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.selectOptions(within(sidebar()).getByRole('combobox', { name: 'Playback speed' }), '1.5');
    expect(audio.playbackRate).toBe(1.5);
  });

  it('show the failure in both players and offer Play again', async () => {
    const user = renderPlayers();
    audio.failNextPlay = 'NotSupportedError';
    await user.click(within(sidebar()).getByRole('button', { name: 'Play' }));
    expect(await within(mini()).findByText('Failed to play audio. Please try again.')).toBeInTheDocument();
    expect(within(sidebar()).getByText('Failed to play audio. Please try again.')).toBeInTheDocument();
    expect(within(mini()).getByRole('alert')).toHaveTextContent('Failed to play audio. Please try again.');
    expect(within(mini()).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await user.click(within(mini()).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Failed to play audio. Please try again.')).not.toBeInTheDocument();
  });
});
