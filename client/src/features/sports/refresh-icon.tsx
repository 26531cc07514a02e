import { RotateCw } from '@client/components/icons';

/** The circular-arrow refresh icon; spins while a refresh runs. */
export function RefreshIcon({ spinning }: { spinning: boolean }) {
  return <RotateCw aria-hidden="true" className={`h-4 w-4 ${spinning ? 'animate-spin' : ''}`} />;
}
