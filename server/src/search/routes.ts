import { Router, type Request, type Response } from 'express';
import {
  answerRequestSchema,
  findSimilarRequestSchema,
  getContentsRequestSchema,
  searchRequestSchema,
  searchWithContentRequestSchema,
  STREAM_DATA_PREFIX,
  STREAM_DONE,
  type AnswerStreamChunk,
} from '@shared/schemas/search';
import type { KeptHeadlinesResponse } from '@shared/schemas/headlines';
import { requireUser } from '../auth/require-user';
import { toErrorBody, errors } from '../errors';
import { rateLimit, type RateLimiter, type RateLimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import type { Headlines } from './headlines';
import { contentFlags, type SearchProvider } from './provider';

/** Aborted when the client goes away, so upstream calls stop with it. */
function clientSignal(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  req.once('aborted', () => controller.abort());
  return controller.signal;
}

function sendEvent(res: Response, payload: AnswerStreamChunk | typeof STREAM_DONE) {
  res.write(`${STREAM_DATA_PREFIX}${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`);
}

/**
 * The search calls (search, search-with-content, find-similar, get-contents, answer, stream-answer),
 * whichever provider answers, and the dashboard's kept default headlines. Every call needs a
 * signed-in user and counts against that user's 'search' rate limit (search costs money with Exa).
 */
export function createSearchRouter(
  provider: SearchProvider,
  headlines: Headlines,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  router.use(requireUser, rateLimit(limiter, { ...rule, bucket: 'search' }));

  router.post('/search', async (req, res) => {
    const request = parseInput(searchRequestSchema, req.body);
    res.json(await provider.search(request, null, clientSignal(req, res)));
  });

  router.post('/search-with-content', async (req, res) => {
    const request = parseInput(searchWithContentRequestSchema, req.body);
    const answer = await provider.search(request, contentFlags(request), clientSignal(req, res));
    res.json(answer);
    // A dashboard default request's answer is kept for fans who have none yet (never awaited: a
    // store failure is logged there and costs this fan nothing).
    void headlines.keep(request, answer.results);
  });

  // The kept answers to the dashboard's default requests: what a first visit paints at once.
  router.get('/headlines', async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ headlines: await headlines.read() } satisfies KeptHeadlinesResponse);
  });

  router.post('/find-similar', async (req, res) => {
    const request = parseInput(findSimilarRequestSchema, req.body);
    res.json(await provider.findSimilar(request, clientSignal(req, res)));
  });

  router.post('/get-contents', async (req, res) => {
    const request = parseInput(getContentsRequestSchema, req.body);
    res.json(await provider.getContents(request, clientSignal(req, res)));
  });

  router.post('/answer', async (req, res) => {
    const request = parseInput(answerRequestSchema, req.body);
    if (!provider.answersConfigured) throw errors.answerNotConfigured();
    res.json(await provider.answer(request, clientSignal(req, res)));
  });

  router.post('/stream-answer', async (req, res) => {
    const request = parseInput(answerRequestSchema, req.body);
    if (!provider.answersConfigured) throw errors.answerNotConfigured();
    const signal = clientSignal(req, res);
    const stream = provider.streamAnswer(request, signal);
    // The first chunk is awaited before the headers, so a provider that fails at once (bad key,
    // unreachable) still answers with an HTTP error the client can show.
    const first = await stream.next();
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.setHeader('x-accel-buffering', 'no'); // nginx: pass events through as they come
    res.flushHeaders();
    try {
      if (!first.done) sendEvent(res, first.value);
      for (let next = await stream.next(); !next.done; next = await stream.next()) {
        if (signal.aborted) break;
        sendEvent(res, next.value);
      }
    } catch (error) {
      if (!signal.aborted) {
        const { body } = toErrorBody(error);
        req.log?.warn({ err: error }, 'answer stream failed');
        sendEvent(res, { type: 'error', error: { code: body.error.code, message: body.error.message } });
      }
    }
    if (!signal.aborted) {
      sendEvent(res, STREAM_DONE);
      res.end();
    }
  });

  return router;
}
