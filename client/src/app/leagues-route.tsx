import { GameChat } from '@client/features/chat';
import { LeaguesRoutes } from '@client/features/leagues';
import { useAuth } from '@client/lib/auth';
import { leagueChatRoomId } from '@shared/chat-rules';
import type { League } from '@shared/schemas/leagues';

/**
 * A league's draft room chat: the game rooms' chat in the league's own room, which only its members
 * may enter. The commissioner moderates there (the server gives them that role in this room only).
 */
export function LeagueChat({ league, me }: { league: League; me: string }) {
  const { user, role } = useAuth();
  if (!user) return null;
  const sessionRole = role ?? 'user';
  const isCommissioner = league.commissioner.toLowerCase() === me.toLowerCase();
  return (
    <GameChat
      gameId={leagueChatRoomId(league.id)}
      awayTeam={league.name}
      homeTeam={league.name}
      side="home"
      roomName={league.name}
      user={{
        login: user.login,
        name: user.name,
        role: isCommissioner && sessionRole === 'user' ? 'moderator' : sessionRole,
      }}
    />
  );
}

/** Leagues with friends, with each draft room's chat composed in (features do not import each other). */
export function LeaguesRoute() {
  return <LeaguesRoutes renderDraftChat={(league, me) => <LeagueChat league={league} me={me} />} />;
}
