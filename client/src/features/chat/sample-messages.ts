import type { ChatMessage } from '@shared/schemas/chat';

/** Six built-in messages, shown in Offline Mode when the history cannot be loaded. */
export function sampleMessages(
  gameId: string,
  awayTeam: string,
  homeTeam: string,
  now = Date.now(),
): ChatMessage[] {
  const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const sample = (
    index: number,
    login: string,
    team: 'away' | 'home',
    message: string,
    minutes: number,
    role: ChatMessage['role'] = 'user',
  ): ChatMessage => ({
    id: `sample-${index}`,
    gameId,
    login,
    username: login,
    message,
    timestamp: minutesAgo(minutes),
    team,
    teamName: team === 'away' ? awayTeam : homeTeam,
    role,
  });
  return [
    sample(
      1,
      'gameday_admin',
      'home',
      'Welcome to the game chat! Keep it friendly and have fun.',
      30,
      'admin',
    ),
    sample(
      2,
      'refactor_ref',
      'away',
      `${awayTeam} are shipping plays faster than our CI pipeline today.`,
      24,
    ),
    sample(
      3,
      'null_pointer_fan',
      'home',
      `${homeTeam} defense is tighter than a strict TypeScript config.`,
      18,
    ),
    sample(4, 'mod_squad', 'away', 'Reminder: trash talk the teams, not the people.', 12, 'moderator'),
    sample(5, 'merge_conflict', 'home', 'That last drive was a clean rebase onto main.', 6),
    sample(6, 'async_await', 'away', 'Comeback loading... awaiting the second half.', 2),
  ];
}
