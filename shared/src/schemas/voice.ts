import { z } from 'zod';
import { gameIdSchema } from './chat';

/** Built-in WebRTC voice is a mesh: every participant sends audio to every other one. */
export const VOICE_MESH_MAX_PARTICIPANTS = 8;
// Clients in voice send a heartbeat every VOICE_HEARTBEAT_MS (in ../limits, for the client, without zod);
// presence lapses after VOICE_PRESENCE_TTL_MS.
export { VOICE_HEARTBEAT_MS } from '../limits';
export const VOICE_PRESENCE_TTL_MS = 30_000;

export interface VoiceParticipant {
  /** The participant's socket id: the address signalling messages are relayed to. */
  id: string;
  login: string;
  name: string | null;
}

export interface VoicePresence {
  gameId: string;
  participantCount: number;
  /**
   * Rises with every change to the room's participants. Pushes from different instances can arrive
   * in any order: a client keeps the presence with the highest version and ignores older ones.
   */
  version: number;
  participants: VoiceParticipant[];
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** GET /api/voice/config: which voice path this server offers. */
export interface VoiceConfig {
  provider: 'twilio' | 'webrtc';
  iceServers: IceServer[];
  iceTransportPolicy: 'all' | 'relay';
  maxParticipants: number;
}

export interface VoiceJoinAnswer extends VoicePresence {
  /** This socket's own participant id. */
  self: string;
}

export const voiceRoomSchema = z.object({ gameId: gameIdSchema });

/** A WebRTC signalling message, relayed only between participants of the same game's voice room. */
export const voiceSignalDataSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: z.string().max(20_000) }),
  z.object({ type: z.literal('answer'), sdp: z.string().max(20_000) }),
  z.object({
    type: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
      usernameFragment: z.string().max(200).nullable().optional(),
    }),
  }),
]);
export type VoiceSignalData = z.infer<typeof voiceSignalDataSchema>;

export const voiceSignalSchema = z.object({
  gameId: gameIdSchema,
  to: z.string().min(1).max(64),
  data: voiceSignalDataSchema,
});

export interface VoiceSignal {
  gameId: string;
  from: string;
  login: string;
  data: VoiceSignalData;
}

/** POST /api/twilio/access-token body; `identity` is ignored: the session decides. */
export const twilioTokenBodySchema = z.object({
  identity: z.string().max(100).optional(),
  roomName: z.string().trim().min(1).max(128),
});

export interface TwilioTokenAnswer {
  token: string;
  identity: string;
  roomName: string;
}
