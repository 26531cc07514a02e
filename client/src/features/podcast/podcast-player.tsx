import { CoverArt, NextIcon, PreviousIcon, ShuffleIcon, SkipIcon, VolumeIcon } from './icons';
import { PlayButton, iconButtonClass } from './play-button';
import { PLAYBACK_RATES, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, formatRate, formatTime } from './rules';
import { SeekBar } from './seek-bar';
import { usePlayer } from './use-player';

/**
 * The sidebar's podcast player, made to fit a 16rem sidebar:
 * the show and episode, a seekable progress bar with m:ss times, previous / back 15 s / play /
 * forward 30 s / next, then mute, volume, shuffle and speed.
 */
export function PodcastPlayer() {
  const {
    engine,
    playlist,
    song,
    isPlaying,
    isBuffering,
    isMuted,
    shuffle,
    volume,
    playbackRate,
    position,
    duration,
    error,
  } = usePlayer();
  const empty = !song;
  const single = playlist.songs.length < 2;

  return (
    <section
      aria-label="Podcast player"
      className="rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-800/40"
    >
      <div className="flex items-center gap-3">
        <CoverArt />
        <div className="min-w-0">
          <p className="text-[0.6875rem] leading-tight font-semibold text-brand-700 dark:text-brand-100">
            {playlist.name}
          </p>
          <p
            className="mt-0.5 line-clamp-2 text-sm leading-snug font-semibold text-slate-900 dark:text-white"
            title={song?.title}
          >
            {song?.title ?? 'No episodes yet'}
          </p>
        </div>
      </div>

      <SeekBar className="mt-3" position={position} duration={duration} onSeek={engine.seek} />
      <div className="mt-0.5 flex justify-between text-xs text-slate-500 tabular-nums dark:text-slate-400">
        <span>{formatTime(position)}</span>
        <span>{formatTime(duration)}</span>
      </div>

      <div className="mt-1 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous track"
          title={single ? 'Previous track (the show has one episode)' : 'Previous track'}
          disabled={empty}
          onClick={engine.previous}
          className={iconButtonClass}
        >
          <PreviousIcon />
        </button>
        <button
          type="button"
          aria-label={`Skip back ${SKIP_BACK_SECONDS} seconds`}
          disabled={empty}
          onClick={() => engine.skip(-SKIP_BACK_SECONDS)}
          className={iconButtonClass}
        >
          <SkipIcon seconds={SKIP_BACK_SECONDS} direction="back" />
        </button>
        <PlayButton
          size="md"
          isPlaying={isPlaying}
          isBuffering={isBuffering}
          disabled={empty}
          onClick={engine.togglePlay}
        />
        <button
          type="button"
          aria-label={`Skip forward ${SKIP_FORWARD_SECONDS} seconds`}
          disabled={empty}
          onClick={() => engine.skip(SKIP_FORWARD_SECONDS)}
          className={iconButtonClass}
        >
          <SkipIcon seconds={SKIP_FORWARD_SECONDS} direction="forward" />
        </button>
        <button
          type="button"
          aria-label="Next track"
          disabled={empty}
          onClick={engine.next}
          className={iconButtonClass}
        >
          <NextIcon />
        </button>
      </div>

      <div className="mt-2 flex items-center gap-1">
        <button
          type="button"
          aria-label="Mute"
          aria-pressed={isMuted}
          title={isMuted ? 'Unmute' : 'Mute'}
          onClick={engine.toggleMute}
          className={`${iconButtonClass} ${isMuted ? 'text-brand-700 dark:text-brand-100' : ''}`}
        >
          <VolumeIcon muted={isMuted || volume === 0} />
        </button>
        <input
          type="range"
          aria-label="Volume"
          min={0}
          max={1}
          step={0.05}
          value={isMuted ? 0 : volume}
          aria-valuetext={isMuted ? 'Muted' : `${Math.round(volume * 100)}%`}
          onChange={(event) => engine.setVolume(Number(event.target.value))}
          className="h-1.5 min-w-0 flex-1 cursor-pointer accent-brand-600 dark:accent-brand-500"
        />
        <button
          type="button"
          aria-label="Shuffle"
          aria-pressed={shuffle}
          title={shuffle ? 'Shuffle is on' : 'Shuffle is off'}
          onClick={engine.toggleShuffle}
          className={`${iconButtonClass} ${
            shuffle
              ? 'bg-brand-100 text-brand-700 hover:bg-brand-100 dark:bg-brand-500/20 dark:text-brand-100'
              : ''
          }`}
        >
          <ShuffleIcon />
        </button>
        <select
          aria-label="Playback speed"
          value={playbackRate}
          onChange={(event) => engine.setPlaybackRate(Number(event.target.value))}
          className="h-7 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white px-1 text-xs font-medium text-slate-700 tabular-nums dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
        >
          {PLAYBACK_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {formatRate(rate)}
            </option>
          ))}
        </select>
      </div>

      {error ? (
        <p className="mt-2 rounded-md bg-red-50 px-2 py-1.5 text-xs text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
