import type { Feature, FeatureDeps } from '../feature';
import type { Metrics } from '../metrics';
import { createVoiceBroadcaster } from './broadcaster';
import { createVoiceSocketHandlers } from './handlers';
import { createTwilioRouter, createVoiceRouter } from './routes';
import { createVoiceService } from './service';
import { createVoicePresenceStore } from './store';

/** How often each instance sweeps voice rooms for heartbeats that lapsed. */
export const VOICE_SWEEP_INTERVAL_MS = 10_000;

export interface VoiceFeature extends Feature {
  /** Removes lapsed participants everywhere and pushes the new counts (start() runs it on a timer). */
  sweep(): Promise<void>;
}

/**
 * Voice chat in a game: its configuration and Twilio's token and webhook over HTTP (/api/voice/…,
 * /api/twilio/…), presence and WebRTC signalling over the socket.
 */
export function createVoiceFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'io' | 'providers'> & { metrics: Metrics },
): VoiceFeature {
  const { config, logger, store, io, providers } = deps;
  const voice = createVoiceService({
    presence: createVoicePresenceStore(store),
    broadcaster: createVoiceBroadcaster(io),
    logger,
  });
  let sweeper: NodeJS.Timeout | undefined;
  return {
    basePath: '/api/voice',
    router: createVoiceRouter(config, providers.twilio),
    routersElsewhere: { '/api/twilio': createTwilioRouter(config, providers.twilio) },
    registerSocket: createVoiceSocketHandlers(voice, logger, deps.metrics),
    sweep: voice.sweep,
    start() {
      sweeper = setInterval(() => {
        voice.sweep().catch((error: unknown) => logger.warn({ err: error }, 'voice sweep failed'));
      }, VOICE_SWEEP_INTERVAL_MS);
      sweeper.unref();
    },
    stop() {
      clearInterval(sweeper);
    },
  };
}
