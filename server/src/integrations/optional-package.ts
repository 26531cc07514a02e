/**
 * The SDKs of optional integrations (twilio, openai) are optional peer dependencies: a production
 * install (npm ci --omit=dev) leaves them out, and they load only when their integration is
 * configured. The compiled server (npm run build:server) carries them inside its bundle.
 */

/** An integration is configured but the package it runs on is not installed. */
export class MissingPackageError extends Error {
  constructor(
    readonly packageName: string,
    /** What turned the integration on, as the operator wrote it ("OPENAI_API_KEY is set"). */
    reason: string,
  ) {
    super(`${reason} but the ${packageName} package is not installed: npm install ${packageName}`);
    this.name = 'MissingPackageError';
  }
}

/** Whether `error` is the module loader failing to find `packageName` itself (not a file inside it). */
function isPackageMissing(error: unknown, packageName: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return error.message.includes(`'${packageName}'`) || error.message.includes(`'${packageName}/`);
}

/**
 * Runs `load` (the package's `import()`s, written out with literal names so the server bundle keeps
 * them) once and remembers the result; a missing package becomes a MissingPackageError.
 */
export function optionalPackage<T>(
  packageName: string,
  reason: string,
  load: () => Promise<T>,
): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      throw isPackageMissing(error, packageName) ? new MissingPackageError(packageName, reason) : error;
    }));
}
