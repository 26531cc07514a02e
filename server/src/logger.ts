import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';

export interface LoggerSettings {
  /** Where the logs go when stdout is a terminal: pino-pretty's entry, or null for JSON lines. */
  prettyTarget?: string | null;
}

/**
 * pino-pretty's entry when a person reads the logs: stdout is a terminal, not production or a test
 * run, and pino-pretty is installed (a development dependency: production installs never have it and
 * never need it). Everything else, production and pipes to a log collector above all, gets JSON.
 */
export function prettyTarget(
  env: NodeJS.ProcessEnv = process.env,
  isTTY: boolean = process.stdout.isTTY === true,
): string | null {
  if (!isTTY || env.NODE_ENV === 'production' || env.NODE_ENV === 'test') return null;
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
}

/** Structured logs on stdout (JSON, or readable lines in a terminal); secrets and cookies are redacted. */
export function createLogger(level: string, settings: LoggerSettings = {}): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'tech-touchdown' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.access_token', '*.token', '*.secret'],
      censor: '[redacted]',
    },
  };
  const target =
    level === 'silent' ? null : settings.prettyTarget !== undefined ? settings.prettyTarget : prettyTarget();
  if (!target) return pino(options);
  return pino({
    ...options,
    // A worker thread formats the lines; redaction has already happened in this thread.
    transport: {
      target,
      options: {
        colorize: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'service',
        singleLine: true,
      },
    },
  });
}
