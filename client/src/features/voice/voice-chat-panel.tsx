import { useEffect } from 'react';
import { useVoiceChat } from './use-voice-chat';

export interface VoiceChatPanelProps {
  gameId: string;
  roomName: string;
  login: string | null;
  /** Called with the room's participant count whenever it changes. */
  onParticipantCountChange?: (count: number) => void;
}

/** The voice chat panel: join, leave, mute, volume, status and errors. */
export function VoiceChatPanel({ gameId, roomName, login, onParticipantCountChange }: VoiceChatPanelProps) {
  const voice = useVoiceChat(gameId, roomName, login);
  useEffect(() => {
    onParticipantCountChange?.(voice.participantCount);
  }, [voice.participantCount, onParticipantCountChange]);

  const status = voice.isConnecting ? 'Connecting...' : voice.isConnected ? 'Connected' : 'Disconnected';
  const statusColour = voice.isConnecting
    ? 'bg-amber-500'
    : voice.isConnected
      ? 'bg-emerald-500'
      : 'bg-slate-400';

  return (
    <section aria-label="Voice Chat" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900 dark:text-slate-100">Voice Chat</h4>
        <div className="flex items-center gap-3 text-xs text-slate-600 dark:text-slate-300">
          <span className="flex items-center gap-1.5" role="status">
            <span className={`h-2 w-2 rounded-full ${statusColour}`} aria-hidden="true" />
            {status}
          </span>
          <span data-testid="voice-participants">
            {voice.participantCount} {voice.participantCount === 1 ? 'participant' : 'participants'}
          </span>
        </div>
      </div>

      {voice.error && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {voice.error}
        </p>
      )}

      <div className="flex flex-wrap items-center gap-2">
        {voice.isConnected ? (
          <>
            <button
              type="button"
              onClick={voice.leave}
              className="rounded-lg bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500"
            >
              Leave Voice Chat
            </button>
            <button
              type="button"
              onClick={voice.toggleMute}
              aria-pressed={voice.isMuted}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {voice.isMuted ? 'Unmute' : 'Mute'}
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => void voice.join()}
            disabled={!voice.deviceReady || voice.isConnecting}
            className="rounded-lg bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {voice.isConnecting ? 'Joining...' : 'Join Voice Chat'}
          </button>
        )}
        <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          Volume
          <input
            type="range"
            min={0}
            max={100}
            value={voice.volume}
            onChange={(event) => voice.setVolume(Number(event.target.value))}
            aria-label="Voice volume"
            className="w-28 accent-sky-600"
          />
          <span className="w-8 tabular-nums">{voice.volume}</span>
        </label>
      </div>

      <p className="text-xs text-slate-500 dark:text-slate-400">Room: {roomName}</p>

      {import.meta.env.DEV && (
        <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-[11px] text-slate-600 dark:bg-slate-900 dark:text-slate-400">
          {JSON.stringify(
            {
              provider: voice.provider,
              deviceReady: voice.deviceReady,
              isConnecting: voice.isConnecting,
              isConnected: voice.isConnected,
              isMuted: voice.isMuted,
            },
            null,
            2,
          )}
        </pre>
      )}
    </section>
  );
}
