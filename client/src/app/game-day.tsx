import { lazy, Suspense, useState } from 'react';
import { LEAGUE_KEYS } from '@shared/data/teams';
// The favourites' atom itself, not their hooks' module: only this and the Sports page would share
// that one, a file of its own on every signed-in page.
import { favouriteTeamsAtom } from '@client/features/favourites/state';
import { DelayMarker } from '@client/features/game-day/delay-marker';
import { GameDaySettingsButton } from '@client/features/game-day/settings-button';
import { loadOrReload } from '@client/lib/stale-build';
import { useAtomValue } from '@client/lib/store';

/** The top bar's game-day controls: the delay marker (while a delay is on) and the settings button. */
export function GameDayControls() {
  const favourites = useAtomValue(favouriteTeamsAtom);
  return (
    <div className="relative flex shrink-0 items-center gap-2">
      <DelayMarker />
      <GameDaySettingsButton favourites={favourites} />
    </div>
  );
}

// Alerts are only ever about favourite teams: a fan who follows none (a first visit, a fan of tech
// news only) never loads them, nor the score feed they listen to.
const Alerts = lazy(
  loadOrReload(async () => ({ default: (await import('./game-day-alerts')).GameDayAlerts })),
);

/**
 * The game-day alerts (game-day-alerts.tsx), from the moment the fan follows a team; they then stay
 * for the page's life, so a toast standing when the last team goes is not cut short.
 */
export function GameDayAlerts() {
  const favourites = useAtomValue(favouriteTeamsAtom);
  const followsATeam = LEAGUE_KEYS.some((league) => favourites[league].length > 0);
  const [wanted, setWanted] = useState(followsATeam);
  if (followsATeam && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Alerts />
    </Suspense>
  );
}
