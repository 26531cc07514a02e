import { Router } from 'express';
import {
  frameCheckQuerySchema,
  pageContentRequestSchema,
  type FrameCheckResponse,
  type PageContentResponse,
} from '@shared/schemas/content';
import { requireUser } from '../auth/require-user';
import { rateLimit, type RateLimiter, type RateLimitRule } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { contentError, type ContentService } from './service';

/** The frame check that tells the viewer whether a page may be shown in a frame, under /api/content. */
export function createContentRouter(
  content: ContentService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  router.get('/frame-check', requireUser, contentLimit(limiter, rule), async (req, res) => {
    const { url } = parseInput(frameCheckQuerySchema, req.query);
    const answer: FrameCheckResponse = await content.frameCheck(url);
    res.json(answer);
  });
  return router;
}

/** Both content calls count against one per-user budget. */
const contentLimit = (limiter: RateLimiter, rule: Omit<RateLimitRule, 'bucket'>) =>
  rateLimit(limiter, { ...rule, bucket: 'content' });

/** The page content call, at /api/jina: the published name, kept whichever reader runs. */
export function createPageReaderRouter(
  content: ContentService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  router.post('/', requireUser, contentLimit(limiter, rule), async (req, res) => {
    const { url } = parseInput(pageContentRequestSchema, req.body);
    let page;
    try {
      page = await content.readPage(url);
    } catch (error) {
      throw contentError(error);
    }
    const answer: PageContentResponse = {
      success: true,
      data: page.markdown,
      url: page.url,
      title: page.title,
      timestamp: new Date().toISOString(),
    };
    res.json(answer);
  });
  return router;
}
