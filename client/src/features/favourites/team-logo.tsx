import { useState } from 'react';
import type { SportsTeam } from '@shared/data/teams';
import { textOn } from './colours';

/**
 * A team's logo. A logo that fails to load is hidden; in its place the short name
 * sits on the team colour, so a tile or chip never looks broken (offline, or a logo host is down).
 */
export function TeamLogo({ team, className }: { team: SportsTeam; className: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === team.logo_url) {
    return (
      <span
        aria-hidden="true"
        data-testid="logo-fallback"
        className={`${className} flex items-center justify-center rounded-full text-[0.6rem] leading-none font-bold`}
        style={{ backgroundColor: team.primary_color, color: textOn(team.primary_color) }}
      >
        {team.short_name}
      </span>
    );
  }
  return (
    <img
      src={team.logo_url}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(team.logo_url)}
      className={`${className} object-contain`}
    />
  );
}
