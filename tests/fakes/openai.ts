/**
 * A local fake of an OpenAI-compatible chat completions endpoint with structured output
 * (response_format json_schema), verified against the `openai` v6 SDK's shapes:
 *
 * - POST /v1/chat/completions   `{ id, object: 'chat.completion', created, model, choices: [{ index,
 *                                 message: { role, content, refusal }, finish_reason }], usage }`
 * - errors                      `{ error: { message, type, param, code } }` with `x-should-retry: false`
 *
 * Its "model" is deterministic: for a `json_schema` response format named `sports_games` it reads
 * every line of the prompt shaped `NFL: Away 21 at Home 20 | Final | <period or time> | <networks>[ | <url>]`
 * (the form tests/fakes/espn.ts serves at /text/scores) and answers them as games; for `sports_game` it
 * answers the first such line. Modes make it misbehave: `garbage` answers prose that is not JSON,
 * `invalid` answers JSON that breaks the schema, `error` answers HTTP 500, `refusal` refuses.
 *
 * Standalone: `npx tsx tests/fakes/openai.ts --port 4300 --key sk-test`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export type FakeOpenAIMode = 'extract' | 'garbage' | 'invalid' | 'error' | 'refusal';

export interface FakeOpenAIRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  [key: string]: unknown;
}

export interface FakeOpenAI {
  /** Base URL including /v1: use it as OPENAI_BASE_URL. */
  url: string;
  apiKey: string;
  close(): Promise<void>;
  setMode(mode: FakeOpenAIMode): void;
  /** Every chat completion request received, oldest first. */
  requests(): FakeOpenAIRequest[];
  reset(): void;
}

export const FAKE_OPENAI_KEY = 'sk-fake-openai-key';

const LINE =
  /^(NFL|NBA|MLB|NHL):\s+(.+?)(?:\s+(\d+))?\s+at\s+(.+?)(?:\s+(\d+))?\s*\|\s*([^|]+?)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*(?:\|\s*(https?:\/\/\S+)\s*)?$/gm;

/** What the deterministic "model" reads out of a text. */
export function extractGames(text: string) {
  const games = [];
  for (const match of text.matchAll(LINE)) {
    const [, league, away, awayScore, home, homeScore, status, when, networks, url] = match;
    const said = status!.toLowerCase();
    const gameStatus =
      said === 'live' ? 'live' : said === 'final' ? 'completed' : said === 'scheduled' ? 'scheduled' : said;
    games.push({
      id: `game-${games.length + 1}`,
      url: url ?? null,
      league: league!,
      gameStatus,
      isLive: gameStatus === 'live',
      isCompleted: gameStatus === 'completed',
      awayTeam: away!,
      homeTeam: home!,
      awayScore: awayScore === undefined ? null : Number(awayScore),
      homeScore: homeScore === undefined ? null : Number(homeScore),
      period: gameStatus === 'scheduled' ? null : when || null,
      startTime: gameStatus === 'scheduled' ? when || null : null,
      broadcast: networks || null,
    });
  }
  return games;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-request-id': `req_${Date.now()}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

const apiError = (res: ServerResponse, status: number, message: string, type: string, code: string | null) =>
  sendJson(res, status, { error: { message, type, param: null, code } }, { 'x-should-retry': 'false' });

export async function startFakeOpenAI(
  options: { port?: number; apiKey?: string; mode?: FakeOpenAIMode } = {},
) {
  const apiKey = options.apiKey ?? FAKE_OPENAI_KEY;
  let mode: FakeOpenAIMode = options.mode ?? 'extract';
  let received: FakeOpenAIRequest[] = [];
  let counter = 0;

  function completion(model: string, content: string | null, refusal: string | null = null) {
    counter++;
    return {
      id: `chatcmpl-fake${counter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal, annotations: [] },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
      system_fingerprint: 'fp_fake',
    };
  }

  async function chat(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return apiError(
        res,
        401,
        'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        'invalid_api_key',
      );
    }
    let body: FakeOpenAIRequest;
    try {
      body = JSON.parse(await readBody(req)) as FakeOpenAIRequest;
    } catch {
      return apiError(
        res,
        400,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
        null,
      );
    }
    if (!body.model || !Array.isArray(body.messages)) {
      return apiError(
        res,
        400,
        "Missing required parameter: 'model' or 'messages'.",
        'invalid_request_error',
        null,
      );
    }
    received.push(body);
    const model = body.model;
    if (mode === 'error')
      return apiError(
        res,
        500,
        'The server had an error while processing your request.',
        'server_error',
        null,
      );
    if (mode === 'refusal')
      return sendJson(res, 200, completion(model, null, "I'm sorry, I can't help with that."));
    if (mode === 'garbage') {
      return sendJson(
        res,
        200,
        completion(
          model,
          "Sure! Tonight's games: the Lions edged the Chiefs 21-20 🏈 and the Bills lead the Dolphins.",
        ),
      );
    }
    if (mode === 'invalid') {
      const games = [
        {
          id: '',
          league: 'XFL',
          gameStatus: 'live',
          isLive: 'yes',
          awayTeam: '',
          homeTeam: 'Chiefs',
          awayScore: 'twenty',
        },
      ];
      return sendJson(res, 200, completion(model, JSON.stringify({ games })));
    }
    const prompt = body.messages
      .filter((message) => message.role === 'user')
      .map((message) => message.content)
      .join('\n');
    const games = extractGames(prompt);
    const name = body.response_format?.json_schema?.name;
    if (name === 'sports_game') {
      if (!games[0]) return sendJson(res, 200, completion(model, null, 'The page does not show this game.'));
      return sendJson(res, 200, completion(model, JSON.stringify(games[0])));
    }
    if (name === 'sports_games') return sendJson(res, 200, completion(model, JSON.stringify({ games })));
    return sendJson(res, 200, completion(model, 'Hello from the fake model.'));
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake-openai.invalid').pathname.replace(/\/+$/, '');
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      chat(req, res).catch((error: unknown) => {
        if (!res.headersSent) apiError(res, 500, String(error), 'server_error', null);
      });
      return;
    }
    apiError(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const api: FakeOpenAI = {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    setMode(next) {
      mode = next;
    },
    requests: () => structuredClone(received),
    reset() {
      mode = options.mode ?? 'extract';
      received = [];
    },
  };
  return api;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4300' }, key: { type: 'string', default: FAKE_OPENAI_KEY } },
  });
  const fake = await startFakeOpenAI({ port: Number(values.port), apiKey: values.key });
  console.log(`fake OpenAI on ${fake.url}: OPENAI_BASE_URL=${fake.url} OPENAI_API_KEY=${fake.apiKey}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
