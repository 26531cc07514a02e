import type { TwilioTokenAnswer } from '@shared/schemas/voice';
import { api, ApiError } from '@client/lib/api-client';

/** What the panel needs from a Twilio call, so the SDK stays behind this seam (and out of tests). */
export interface TwilioSession {
  setMuted(muted: boolean): void;
  setVolume(volume: number): void;
  leave(): void;
}

export interface TwilioCallbacks {
  onConnected(): void;
  onDisconnected(): void;
  onError(message: string): void;
}

/** The texts shown for the provider's error codes (its SDK 2.x reports a denied microphone as 31401). */
const CODE_TEXTS: Record<number, string> = {
  31000: 'General voice error',
  31003: 'Connection interrupted',
  31201: 'Authentication failed',
  31204: 'Access token invalid',
  31205: 'Access token expired',
  31208: 'User media permission denied',
  31401: 'User media permission denied',
};

export function twilioErrorText(error: { code?: number; message?: string }): string {
  return (error.code !== undefined && CODE_TEXTS[error.code]) || error.message || 'Unknown error';
}

/**
 * Joins the Twilio conference named after the room. The SDK is loaded only now, when someone joins,
 * so nobody else downloads it.
 */
export async function joinTwilioConference(
  login: string,
  roomName: string,
  callbacks: TwilioCallbacks,
): Promise<TwilioSession> {
  const accessToken = () =>
    api.post<TwilioTokenAnswer>('/twilio/access-token', { identity: login, roomName });
  const { token } = await accessToken().catch((error: unknown) => {
    throw error instanceof ApiError ? new Error(`Failed to get access token: ${error.statusText}`) : error;
  });

  const { Device, Call } = await import('@twilio/voice-sdk');
  let device: InstanceType<typeof Device>;
  try {
    device = new Device(token, {
      codecPreferences: [Call.Codec.Opus, Call.Codec.PCMU],
      logLevel: 'warn',
      closeProtection: true,
    });
  } catch {
    throw new Error('Failed to initialize audio chat');
  }
  device.on('error', (error: { code?: number; message?: string }) => {
    if (error.message?.includes('Devices not found')) return;
    callbacks.onError(`Device error: ${twilioErrorText(error)}`);
  });
  device.on('incoming', (call: { reject(): void }) => call.reject());
  device.on('tokenWillExpire', async () => {
    const again = await accessToken().catch(() => null);
    if (again) device.updateToken(again.token);
  });
  // Registration only matters for incoming calls: a failure is tolerated.
  await device.register().catch(() => {});

  let call: Awaited<ReturnType<typeof device.connect>>;
  try {
    call = await device.connect({ params: { To: `conference:${roomName}`, From: login } });
  } catch {
    device.destroy();
    throw new Error('Failed to join conference');
  }
  call.on('accept', () => callbacks.onConnected());
  call.on('disconnect', () => callbacks.onDisconnected());
  call.on('cancel', () => callbacks.onDisconnected());
  call.on('error', (error: { code?: number; message?: string }) =>
    callbacks.onError(`Call error: ${twilioErrorText(error)}`),
  );

  return {
    setMuted: (muted) => call.mute(muted),
    // The SDK plays the conference through an audio element it owns and exposes no volume: the
    // system volume applies there.
    setVolume: () => {},
    leave: () => {
      call.disconnect();
      device.destroy();
    },
  };
}
