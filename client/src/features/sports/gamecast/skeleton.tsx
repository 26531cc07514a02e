/** Grey bars where the Gamecast will be, while its code or its first answer is on the way. */
export function GamecastSkeleton() {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading the Gamecast...</span>
      {['w-1/3', 'w-full', 'w-5/6'].map((width) => (
        <div
          key={width}
          aria-hidden="true"
          className={`h-4 ${width} animate-pulse rounded bg-slate-200 dark:bg-slate-800`}
        />
      ))}
    </div>
  );
}
