import type AccessToken from 'twilio/lib/jwt/AccessToken.js';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import type { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { optionalPackage } from '../optional-package';

interface TwilioSdk {
  AccessToken: typeof AccessToken;
  VoiceResponse: typeof VoiceResponse;
  validateRequest: typeof validateRequest;
}

/**
 * The three parts of the SDK the server uses, imported on their own: the package's entry point loads
 * the whole REST client (about 8 MB of JavaScript) that the server never calls. twilio is an
 * optional package, loaded only once Twilio Voice is configured.
 */
export const loadTwilioSdk = optionalPackage(
  'twilio',
  'Twilio Voice is configured (TWILIO_ACCOUNT_SID and the other TWILIO_ variables are set)',
  async (): Promise<TwilioSdk> => {
    const [accessToken, voiceResponse, webhooks] = await Promise.all([
      import('twilio/lib/jwt/AccessToken.js'),
      import('twilio/lib/twiml/VoiceResponse.js'),
      import('twilio/lib/webhooks/webhooks.js'),
    ]);
    return {
      AccessToken: accessToken.default,
      VoiceResponse: voiceResponse.default,
      validateRequest: webhooks.validateRequest,
    };
  },
);

export interface TwilioVoiceConfig {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  twimlAppSid: string;
  /** Checks X-Twilio-Signature on the TwiML webhook; without it the webhook refuses every call. */
  authToken?: string;
}

/** Voice access tokens live an hour; the SDK refreshes before expiry. */
const TOKEN_TTL_SECONDS = 3600;

/** Twilio Voice: access tokens for the browser SDK and the conference TwiML for a room. */
export function createTwilioVoice(config: TwilioVoiceConfig) {
  return {
    /** A Voice token whose identity is the signed-in login; incoming calls are not allowed. */
    async accessToken(identity: string): Promise<string> {
      const { AccessToken } = await loadTwilioSdk();
      const token = new AccessToken(config.accountSid, config.apiKeySid, config.apiKeySecret, {
        identity,
        ttl: TOKEN_TTL_SECONDS,
      });
      token.addGrant(
        new AccessToken.VoiceGrant({
          outgoingApplicationSid: config.twimlAppSid,
          incomingAllow: false,
        }),
      );
      return token.toJwt();
    },

    /** True when the webhook request carries Twilio's signature for this URL and these params. */
    async validSignature(
      signature: string | undefined,
      url: string,
      params: Record<string, string>,
    ): Promise<boolean> {
      if (!config.authToken || !signature) return false;
      const { validateRequest } = await loadTwilioSdk();
      return validateRequest(config.authToken, signature, url, params);
    },

    /** TwiML joining the caller to the conference named after the room. */
    async conferenceTwiml(roomName: string): Promise<string> {
      const { VoiceResponse } = await loadTwilioSdk();
      const response = new VoiceResponse();
      response
        .dial()
        .conference({ startConferenceOnEnter: true, endConferenceOnExit: false, beep: 'false' }, roomName);
      return response.toString();
    },
  };
}

export type TwilioVoice = ReturnType<typeof createTwilioVoice>;
