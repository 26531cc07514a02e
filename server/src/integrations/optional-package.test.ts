import { describe, expect, it } from 'vitest';
import { MissingPackageError, optionalPackage } from './optional-package';

// A name no one installs: the module loader's own error for a package that is not there.
const NOT_INSTALLED = 'tt-optional-package-not-installed';
const importByName = (name: string) => import(/* @vite-ignore */ name) as Promise<unknown>;

describe('optionalPackage', () => {
  it('says what to install when the configured integration’s package is not installed', async () => {
    const load = optionalPackage(NOT_INSTALLED, 'TT_TEST_KEY is set', () => importByName(NOT_INSTALLED));
    const error = await load().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingPackageError);
    expect((error as Error).message).toBe(
      `TT_TEST_KEY is set but the ${NOT_INSTALLED} package is not installed: npm install ${NOT_INSTALLED}`,
    );
  });

  it('names a missing file of the package too, as the package not being installed', async () => {
    const load = optionalPackage(NOT_INSTALLED, 'TT_TEST_KEY is set', () =>
      importByName(`${NOT_INSTALLED}/lib/part.js`),
    );
    await expect(load()).rejects.toBeInstanceOf(MissingPackageError);
  });

  it('passes on any other failure unchanged', async () => {
    const broken = new Error('the SDK threw while loading');
    const load = optionalPackage('zod', 'TT_TEST_KEY is set', () => Promise.reject(broken));
    await expect(load()).rejects.toBe(broken);
  });

  it('loads an installed package once, however many callers ask', async () => {
    let loads = 0;
    const load = optionalPackage('zod', 'TT_TEST_KEY is set', async () => {
      loads += 1;
      return import('zod');
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(typeof first.z.string).toBe('function');
    expect(loads).toBe(1);
  });
});
