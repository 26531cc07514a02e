import { UnreadBadge } from './room-status';
import { useRoomUnread } from './unread';

/** A game room's unread badge as the server counts it ("3 unread", "@" when one mentions the reader). */
export function RoomUnreadBadge({ gameId }: { gameId: string }) {
  const { unread } = useRoomUnread(gameId);
  return unread ? <UnreadBadge unread={unread.count} mentioned={unread.mentioned} /> : null;
}
