/** A spinning ring with an optional label; `centered` fills the screen (the protected layout's wait). */
export function Spinner({
  label,
  centered = false,
  size = 'md',
}: {
  label?: string;
  centered?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const ring = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' }[size];
  const spinner = (
    <div role="status" aria-live="polite" className="flex flex-col items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className={`${ring} animate-spin rounded-full border-slate-300 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500`}
      />
      {label ? (
        <span className="text-sm text-slate-600 dark:text-slate-300">{label}</span>
      ) : (
        <span className="sr-only">Loading</span>
      )}
    </div>
  );
  if (!centered) return spinner;
  return <div className="flex min-h-screen items-center justify-center">{spinner}</div>;
}
