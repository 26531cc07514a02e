import { describe, expect, it } from 'vitest';
import { createLogger, prettyTarget } from './logger';

describe('prettyTarget', () => {
  it('formats for a person only in a terminal outside production and tests', () => {
    expect(prettyTarget({ NODE_ENV: 'development' }, true)).toMatch(/pino-pretty/);
    expect(prettyTarget({}, true)).toMatch(/pino-pretty/);
  });

  it('keeps JSON for pipes, production and test runs', () => {
    expect(prettyTarget({}, false)).toBeNull();
    expect(prettyTarget({ NODE_ENV: 'production' }, true)).toBeNull();
    expect(prettyTarget({ NODE_ENV: 'test' }, true)).toBeNull();
  });
});

describe('createLogger', () => {
  it('writes JSON with numeric levels when told not to prettify', () => {
    const logger = createLogger('info', { prettyTarget: null });
    expect(logger.level).toBe('info');
    expect(logger.levels.values.warn).toBe(40);
  });
});
