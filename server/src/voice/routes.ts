import { createHmac } from 'node:crypto';
import express, { Router } from 'express';
import { z } from 'zod';
import {
  twilioTokenBodySchema,
  VOICE_MESH_MAX_PARTICIPANTS,
  type TwilioTokenAnswer,
  type VoiceConfig,
} from '@shared/schemas/voice';
import { requireUser } from '../auth/require-user';
import type { Config } from '../config';
import { errors } from '../errors';
import { parseInput } from '../http/validate';
import type { TwilioVoice } from '../integrations/twilio';

const twimlParamsSchema = z.record(z.string(), z.string());

/**
 * How long a TURN credential handed to a browser works. The page keeps the voice config it loaded
 * with the game for the whole call, and peers joining later need a relay too: longer than a game
 * with overtime, far shorter than a static password's forever.
 */
export const TURN_CREDENTIAL_TTL_SECONDS = 6 * 60 * 60;

/**
 * TURN REST credentials, as coturn checks them with `use-auth-secret`: the username is
 * `<expiry unix seconds>:<login>` and the password base64(HMAC-SHA1(secret, username)). The TURN
 * server needs no call to us: it recomputes the HMAC and refuses a username whose time has passed.
 */
export function turnCredentials(
  secret: string,
  login: string,
  nowMs: number = Date.now(),
): { username: string; credential: string } {
  const username = `${Math.floor(nowMs / 1000) + TURN_CREDENTIAL_TTL_SECONDS}:${login}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** A conference name from the join call's `To` ('conference:{room}'), limited to safe characters. */
function roomFromTo(to: string | undefined): string | null {
  const room = to?.startsWith('conference:') ? to.slice('conference:'.length) : to;
  return room && /^[A-Za-z0-9_.:-]{1,128}$/.test(room) ? room : null;
}

/** The voice configuration (config), under /api/voice. */
export function createVoiceRouter(config: Config, twilioVoice: TwilioVoice | null): Router {
  const router = Router();

  router.get('/config', requireUser, (req, res) => {
    const iceServers = [...(config.ICE_SERVERS ?? [])];
    // Fresh short-lived credentials on every request, for this user only.
    if (config.TURN_SECRET) {
      iceServers.push({
        urls: config.TURN_URLS,
        ...turnCredentials(config.TURN_SECRET, req.session.user!.login),
      });
    }
    const answer: VoiceConfig = {
      provider: twilioVoice ? 'twilio' : 'webrtc',
      iceServers,
      iceTransportPolicy: config.ICE_TRANSPORT_POLICY,
      maxParticipants: VOICE_MESH_MAX_PARTICIPANTS,
    };
    res.json(answer);
  });

  return router;
}

/** Twilio's access token (access-token) and its TwiML webhook (voice), under /api/twilio. */
export function createTwilioRouter(config: Config, twilioVoice: TwilioVoice | null): Router {
  const router = Router();

  router.post('/access-token', requireUser, async (req, res) => {
    if (!twilioVoice) throw errors.notConfigured('Voice through Twilio is not configured on this server.');
    const body = parseInput(twilioTokenBodySchema, req.body);
    const identity = req.session.user!.login; // never the body's identity
    const answer: TwilioTokenAnswer = {
      token: await twilioVoice.accessToken(identity),
      identity,
      roomName: body.roomName,
    };
    res.json(answer);
  });

  // Twilio calls this with a form body and no session; its signature is the authentication.
  router.post('/voice', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    if (!twilioVoice) throw errors.notConfigured();
    const params = parseInput(twimlParamsSchema, req.body ?? {});
    const url = `${config.PUBLIC_URL}${req.originalUrl}`;
    if (!(await twilioVoice.validSignature(req.get('x-twilio-signature'), url, params))) {
      throw errors.forbidden('Twilio Request Validation Failed.');
    }
    const room = roomFromTo(params.To ?? params.roomName);
    if (!room) throw errors.badRequest('The call names no conference room.');
    res.type('text/xml').send(await twilioVoice.conferenceTwiml(room));
  });

  return router;
}
