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

/**
 * The page content call (POST jina: the published name, kept whichever reader runs) and the frame
 * check that tells the viewer whether a page may be shown in a frame.
 */
export function createContentRouter(
  content: ContentService,
  limiter: RateLimiter,
  rule: Omit<RateLimitRule, 'bucket'>,
): Router {
  const router = Router();
  const limited = rateLimit(limiter, { ...rule, bucket: 'content' });

  router.post('/jina', requireUser, limited, async (req, res) => {
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

  router.get('/content/frame-check', requireUser, limited, async (req, res) => {
    const { url } = parseInput(frameCheckQuerySchema, req.query);
    const answer: FrameCheckResponse = await content.frameCheck(url);
    res.json(answer);
  });

  return router;
}
