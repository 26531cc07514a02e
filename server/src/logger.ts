import { pino, type Logger } from 'pino';

/** Structured JSON logs on stdout; secrets and cookies are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'tech-touchdown' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.access_token', '*.token', '*.secret'],
      censor: '[redacted]',
    },
  });
}
