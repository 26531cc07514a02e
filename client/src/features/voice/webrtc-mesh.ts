import type { ClientToServerEvents, ServerToClientEvents, VoiceCount } from '@shared/events';
import { VOICE_HEARTBEAT_MS } from '@shared/limits';
import type { VoiceConfig, VoiceJoinAnswer, VoicePresence, VoiceSignal } from '@shared/schemas/voice';
import { emitAck } from '@shared/socket-request';
import type { Socket } from 'socket.io-client';

type VoiceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface MeshEvents {
  onRemoteStream(peerId: string, stream: MediaStream): void;
  onPeerGone(peerId: string): void;
  onPresence(presence: VoiceCount): void;
  onError(message: string): void;
}

const ACK_TIMEOUT_MS = 8000;

/**
 * Built-in voice: a WebRTC mesh among the participants of one game's voice room, signalled over the
 * authenticated socket. The newcomer offers to everyone already there, so two peers never offer to
 * each other at once.
 */
export class VoiceMesh {
  private readonly peers = new Map<string, RTCPeerConnection>();
  private self: string | null = null;
  /** The version of the newest presence seen: pushes from other instances may arrive out of order. */
  private presenceVersion = -1;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly socket: VoiceSocket,
    private readonly gameId: string,
    private readonly config: Pick<VoiceConfig, 'iceServers' | 'iceTransportPolicy'>,
    private readonly localStream: MediaStream,
    private readonly events: MeshEvents,
  ) {}

  private readonly onSignal = (signal: VoiceSignal) => {
    if (signal.gameId !== this.gameId) return;
    void this.handleSignal(signal).catch((error: unknown) =>
      this.events.onError(`Call error: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  private readonly onPresence = (presence: VoicePresence | VoiceCount) => {
    if (presence.gameId !== this.gameId || presence.version < this.presenceVersion) return;
    this.presenceVersion = presence.version;
    // Participants get the full list; a count alone (sent to people outside voice) names no peer.
    if ('participants' in presence) {
      const present = new Set(presence.participants.map((p) => p.id));
      for (const peerId of [...this.peers.keys()]) if (!present.has(peerId)) this.closePeer(peerId);
    }
    this.events.onPresence(presence);
  };

  async join(): Promise<VoiceJoinAnswer> {
    this.socket.on('voice:signal', this.onSignal);
    this.socket.on('voice:presence-changed', this.onPresence);
    const answer = await emitAck(this.socket, 'voice:join', { gameId: this.gameId }, ACK_TIMEOUT_MS);
    if (!answer.ok) {
      this.detach();
      throw new Error(answer.error.message);
    }
    this.self = answer.data.self;
    this.presenceVersion = Math.max(this.presenceVersion, answer.data.version);
    this.events.onPresence(answer.data);
    for (const participant of answer.data.participants) {
      if (participant.id !== this.self) await this.offerTo(participant.id);
    }
    this.heartbeat = setInterval(
      () => this.socket.emit('voice:heartbeat', { gameId: this.gameId }),
      VOICE_HEARTBEAT_MS,
    );
    return answer.data;
  }

  leave(): void {
    this.socket.emit('voice:leave', { gameId: this.gameId });
    this.detach();
    for (const peerId of [...this.peers.keys()]) this.closePeer(peerId);
  }

  setMuted(muted: boolean): void {
    for (const track of this.localStream.getAudioTracks()) track.enabled = !muted;
  }

  /** Peer connections, for diagnostics and tests. */
  connections(): RTCPeerConnection[] {
    return [...this.peers.values()];
  }

  private detach() {
    clearInterval(this.heartbeat);
    this.socket.off('voice:signal', this.onSignal);
    this.socket.off('voice:presence-changed', this.onPresence);
  }

  private peer(peerId: string): RTCPeerConnection {
    const existing = this.peers.get(peerId);
    if (existing) return existing;
    const connection = new RTCPeerConnection({
      iceServers: this.config.iceServers,
      iceTransportPolicy: this.config.iceTransportPolicy,
    });
    for (const track of this.localStream.getTracks()) connection.addTrack(track, this.localStream);
    connection.onicecandidate = ({ candidate }) => {
      if (candidate) this.send(peerId, { type: 'candidate', candidate: candidate.toJSON() as never });
    };
    connection.ontrack = ({ streams }) => {
      const stream = streams[0];
      if (stream) this.events.onRemoteStream(peerId, stream);
    };
    connection.onconnectionstatechange = () => {
      if (connection.connectionState === 'failed')
        this.events.onError('Call error: the audio connection failed');
    };
    this.peers.set(peerId, connection);
    return connection;
  }

  private closePeer(peerId: string) {
    this.peers.get(peerId)?.close();
    this.peers.delete(peerId);
    this.events.onPeerGone(peerId);
  }

  private send(to: string, data: Parameters<ClientToServerEvents['voice:signal']>[0]['data']) {
    this.socket.emit('voice:signal', { gameId: this.gameId, to, data });
  }

  private async offerTo(peerId: string) {
    const connection = this.peer(peerId);
    const offer = await connection.createOffer({ offerToReceiveAudio: true });
    await connection.setLocalDescription(offer);
    this.send(peerId, { type: 'offer', sdp: offer.sdp ?? '' });
  }

  private async handleSignal({ from, data }: VoiceSignal) {
    if (data.type === 'offer') {
      const connection = this.peer(from);
      await connection.setRemoteDescription({ type: 'offer', sdp: data.sdp });
      const answer = await connection.createAnswer();
      await connection.setLocalDescription(answer);
      this.send(from, { type: 'answer', sdp: answer.sdp ?? '' });
    } else if (data.type === 'answer') {
      await this.peers.get(from)?.setRemoteDescription({ type: 'answer', sdp: data.sdp });
    } else {
      await this.peers.get(from)?.addIceCandidate(data.candidate);
    }
  }
}
