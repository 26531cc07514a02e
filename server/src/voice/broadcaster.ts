import type { VoiceCount } from '@shared/events';
import type { VoicePresence, VoiceSignal } from '@shared/schemas/voice';
import type { AppServer } from '../realtime';
import { gameRoom, voiceRoom } from '../realtime/rooms';

/** What someone outside a voice room may know of it: how many are in, not who. */
export const countOnly = ({ gameId, participantCount, version }: VoicePresence): VoiceCount => ({
  gameId,
  participantCount,
  version,
});

/** Pushes voice presence and signalling through the Socket.IO adapter, to every instance's clients. */
export interface VoiceBroadcaster {
  /** Who is in to the participants; the count alone to everyone else watching the game. */
  presenceChanged(state: VoicePresence): void;
  /** An offer, answer or ICE candidate to one participant's socket. */
  signal(to: string, signal: VoiceSignal): void;
}

export function createVoiceBroadcaster(io: AppServer): VoiceBroadcaster {
  return {
    presenceChanged(state) {
      io.to(voiceRoom(state.gameId)).emit('voice:presence-changed', state);
      io.to(gameRoom(state.gameId))
        .except(voiceRoom(state.gameId))
        .emit('voice:presence-changed', countOnly(state));
    },
    signal(to, signal) {
      io.to(to).emit('voice:signal', signal);
    },
  };
}
