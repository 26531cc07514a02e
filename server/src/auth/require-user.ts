import type { RequestHandler } from 'express';
import { errors } from '../errors';

/** Only signed-in sessions pass; identity is then read from req.session, never from the body. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.session?.user) throw errors.unauthenticated();
  next();
};
