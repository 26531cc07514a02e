import { useState } from 'react';
import { GameChat } from '@client/features/chat';
import { VoiceChatPanel } from '@client/features/voice';
import { useAuth } from '@client/lib/auth';

export interface GameRoomProps {
  gameId: string;
  awayTeam: string;
  homeTeam: string;
}

/**
 * A game's room as the game dialog embeds it: the chat, with the voice panel inside it. Composed here
 * because features do not import each other.
 */
export function GameRoom({ gameId, awayTeam, homeTeam }: GameRoomProps) {
  const { user, role } = useAuth();
  const [voiceCount, setVoiceCount] = useState(0);
  const chatUser = user ? { login: user.login, name: user.name, role: role ?? 'user' } : null;
  return (
    <GameChat
      gameId={gameId}
      awayTeam={awayTeam}
      homeTeam={homeTeam}
      user={chatUser}
      voiceParticipantCount={voiceCount}
      voicePanel={
        <VoiceChatPanel
          gameId={gameId}
          roomName={`${awayTeam} vs ${homeTeam}`}
          login={user?.login ?? null}
          onParticipantCountChange={setVoiceCount}
        />
      }
    />
  );
}
