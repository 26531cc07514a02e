import { Spinner } from '@client/components/spinner';

/** Shown where the Gamecast will be, while its code or its first answer is on the way. */
export function GamecastSkeleton() {
  return (
    <div className="py-2">
      <Spinner size="sm" label="Loading the Gamecast..." />
    </div>
  );
}
