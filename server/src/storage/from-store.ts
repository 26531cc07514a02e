import { AppError, errors } from '../errors';

/**
 * Runs a store operation; a store failure (Redis down) becomes a clear 503 "try again" for the
 * caller, never a crash or a silent loss. AppErrors pass through untouched.
 */
export async function fromStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw errors.storeUnavailable(undefined, { cause: error });
  }
}
