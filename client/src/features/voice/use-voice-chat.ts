import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoiceCount } from '@shared/events';
import type { VoiceConfig } from '@shared/schemas/voice';
import { api } from '@client/lib/api-client';
import { getSocket, request } from '@client/lib/socket';
import { joinTwilioConference, type TwilioSession } from './twilio-voice';
import { VoiceMesh } from './webrtc-mesh';

/** The voice chat's state. */
export interface VoiceChatState {
  isConnected: boolean;
  isConnecting: boolean;
  isMuted: boolean;
  volume: number;
  participantCount: number;
  error: string | null;
  /** The voice path is known and the browser can capture audio. */
  deviceReady: boolean;
  provider: VoiceConfig['provider'] | null;
}

export const DEFAULT_VOICE_VOLUME = 50;

const initialState: VoiceChatState = {
  isConnected: false,
  isConnecting: false,
  isMuted: false,
  volume: DEFAULT_VOICE_VOLUME,
  participantCount: 0,
  error: null,
  deviceReady: false,
  provider: null,
};

/**
 * Voice for one game room: Twilio when the server has it, otherwise the built-in WebRTC mesh.
 * Leaving the widget (unmount) disconnects.
 */
export function useVoiceChat(gameId: string, roomName: string, login: string | null) {
  const [state, setState] = useState<VoiceChatState>(initialState);
  const config = useRef<VoiceConfig | null>(null);
  const mesh = useRef<VoiceMesh | null>(null);
  const twilio = useRef<TwilioSession | null>(null);
  const localStream = useRef<MediaStream | null>(null);
  const remoteAudio = useRef(new Map<string, HTMLAudioElement>());
  const volumeRef = useRef(state.volume);
  const patch = (next: Partial<VoiceChatState>) => setState((current) => ({ ...current, ...next }));

  // Setup: learn the voice path; the device is ready when audio capture exists.
  useEffect(() => {
    if (!login) return;
    let cancelled = false;
    api
      .get<VoiceConfig>('/voice/config')
      .then((loaded) => {
        if (cancelled) return;
        config.current = loaded;
        const canCapture = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
        patch({ provider: loaded.provider, deviceReady: canCapture });
      })
      .catch(() => {
        if (!cancelled) patch({ error: 'Failed to initialize audio chat' });
      });
    return () => {
      cancelled = true;
    };
  }, [login]);

  // Counts come from every instance (pushes, the answer to asking, the mesh) in no fixed order: the
  // one with the highest version is the newest, older ones are ignored.
  const shownVersion = useRef(-1);
  const showPresence = useCallback((presence: VoiceCount) => {
    if (presence.version < shownVersion.current) return;
    shownVersion.current = presence.version;
    patch({ participantCount: presence.participantCount });
  }, []);

  // Everyone in the game room hears about voice counts, joined or not.
  useEffect(() => {
    shownVersion.current = -1;
    const socket = getSocket();
    // Outside voice the server sends the count only; the count is all this shows.
    const onPresence = (presence: VoiceCount) => {
      if (presence.gameId === gameId) showPresence(presence);
    };
    socket.on('voice:presence-changed', onPresence);
    request('voice:presence', { gameId })
      .then(showPresence)
      .catch(() => {});
    return () => {
      socket.off('voice:presence-changed', onPresence);
    };
  }, [gameId, showPresence]);

  const cleanup = useCallback(() => {
    mesh.current?.leave();
    mesh.current = null;
    twilio.current?.leave();
    twilio.current = null;
    localStream.current?.getTracks().forEach((track) => track.stop());
    localStream.current = null;
    for (const audio of remoteAudio.current.values()) {
      audio.srcObject = null;
      audio.remove();
    }
    remoteAudio.current.clear();
  }, []);

  useEffect(() => cleanup, [cleanup]);

  const join = useCallback(async () => {
    if (!state.deviceReady || !login || !config.current) {
      patch({ error: 'Device not ready or user not authenticated' });
      return;
    }
    patch({ isConnecting: true, error: null });
    try {
      if (config.current.provider === 'twilio') {
        twilio.current = await joinTwilioConference(login, roomName, {
          onConnected: () => patch({ isConnected: true, isConnecting: false }),
          onDisconnected: () => {
            twilio.current = null;
            patch({ isConnected: false, isConnecting: false });
          },
          onError: (message) => patch({ error: message, isConnected: false, isConnecting: false }),
        });
        return;
      }
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (error) {
        console.warn('Microphone unavailable', error);
        patch({ isConnecting: false, error: 'User media permission denied' });
        return;
      }
      localStream.current = stream;
      const voiceMesh = new VoiceMesh(getSocket(), gameId, config.current, stream, {
        onRemoteStream: (peerId, remote) => {
          let audio = remoteAudio.current.get(peerId);
          if (!audio) {
            audio = new Audio();
            audio.autoplay = true;
            audio.dataset.voicePeer = peerId;
            remoteAudio.current.set(peerId, audio);
          }
          audio.srcObject = remote;
          audio.volume = volumeRef.current / 100;
          void audio.play().catch(() => {});
        },
        onPeerGone: (peerId) => {
          const audio = remoteAudio.current.get(peerId);
          if (audio) audio.srcObject = null;
          remoteAudio.current.delete(peerId);
        },
        onPresence: showPresence,
        onError: (message) => patch({ error: message }),
      });
      mesh.current = voiceMesh;
      await voiceMesh.join();
      patch({ isConnected: true, isConnecting: false, isMuted: false });
    } catch (error) {
      cleanup();
      patch({
        isConnected: false,
        isConnecting: false,
        error: error instanceof Error ? error.message : 'Failed to join conference',
      });
    }
  }, [state.deviceReady, login, roomName, gameId, cleanup, showPresence]);

  const leave = useCallback(() => {
    cleanup();
    patch({ isConnected: false, isConnecting: false, isMuted: false });
  }, [cleanup]);

  const toggleMute = useCallback(() => {
    if (!state.isConnected) return;
    const muted = !state.isMuted;
    mesh.current?.setMuted(muted);
    twilio.current?.setMuted(muted);
    patch({ isMuted: muted });
  }, [state.isConnected, state.isMuted]);

  const setVolume = useCallback((volume: number) => {
    const clamped = Math.min(100, Math.max(0, Math.round(volume)));
    volumeRef.current = clamped;
    for (const audio of remoteAudio.current.values()) audio.volume = clamped / 100;
    twilio.current?.setVolume(clamped);
    patch({ volume: clamped });
  }, []);

  // Setup without a login cannot start: it says 'User not authenticated'.
  const error = state.error ?? (login ? null : 'User not authenticated');
  return { ...state, error, join, leave, toggleMute, setVolume };
}
