// The three parts of the SDK the server uses, imported on their own: the package's entry point loads
// the whole REST client (about 8 MB of JavaScript) that the server never calls.
import AccessToken from 'twilio/lib/jwt/AccessToken.js';
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';

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
    accessToken(identity: string): string {
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
    validSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean {
      if (!config.authToken || !signature) return false;
      return validateRequest(config.authToken, signature, url, params);
    },

    /** TwiML joining the caller to the conference named after the room. */
    conferenceTwiml(roomName: string): string {
      const response = new VoiceResponse();
      response
        .dial()
        .conference({ startConferenceOnEnter: true, endConferenceOnExit: false, beep: 'false' }, roomName);
      return response.toString();
    },
  };
}

export type TwilioVoice = ReturnType<typeof createTwilioVoice>;
