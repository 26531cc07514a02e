/**
 * Reactions flowing in a bench room: one fan toggles the six reactions on the room's newest messages
 * at a fixed rate while the fan-out runs, so every client also receives a `chat:reactions-changed`
 * per reaction. On our app the fan is signed in and joins the room (its limits are lifted,
 * targets.ts); on the bare Socket.IO reference it sends the change as ours pushes it, and the bare
 * server re-emits it to the room, so both carry the same events.
 */
import { io as connectSio, type Socket } from 'socket.io-client';
import { CHAT_REACTION_EMOJIS } from '@shared/schemas/chat';
import { signIn } from './sign-in';

export interface Reacting {
  /** Stops reacting; answers how many reactions were acknowledged and refused. */
  stop(): { reacted: number; refused: number };
}

/** How many of the newest message ids the reactor picks from. */
const RECENT = 20;

export async function startReacting(
  url: string,
  room: string,
  perSecond: number,
  kind: 'app' | 'sio' = 'app',
): Promise<Reacting> {
  const login = `reactor-${Date.now().toString(36)}`;
  const socket: Socket =
    kind === 'app'
      ? connectSio(url, {
          transports: ['websocket'],
          forceNew: true,
          extraHeaders: { cookie: await signIn(url, login) },
        })
      : connectSio(url, { transports: ['websocket'], forceNew: true, query: { room } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const recent: string[] = [];
  if (kind === 'app') {
    const joined = (await socket.timeout(10_000).emitWithAck('chat:join', { gameId: room })) as {
      ok: boolean;
      data?: { messages: { id: string }[] };
    };
    if (!joined.ok) throw new Error(`the reactor could not join: ${JSON.stringify(joined)}`);
    recent.push(...(joined.data?.messages ?? []).map((m) => m.id).slice(-RECENT));
  }
  socket.on('chat:message-created', (message: { id: string }) => {
    recent.push(message.id);
    if (recent.length > RECENT) recent.shift();
  });
  const on = new Set<string>();
  let reacted = 0;
  let refused = 0;
  let turn = 0;
  const timer = setInterval(() => {
    if (recent.length === 0) return;
    const messageId = recent[turn % recent.length]!;
    const emoji = CHAT_REACTION_EMOJIS[turn % CHAT_REACTION_EMOJIS.length]!;
    turn++;
    const key = `${messageId} ${emoji}`;
    const reactedNow = !on.has(key);
    if (reactedNow) on.add(key);
    else on.delete(key);
    const payload =
      kind === 'app'
        ? { gameId: room, messageId, emoji, reacted: reactedNow }
        : // What ours pushes for such a change: the message's reactions (count and first fans), their
          // version, and whose change it was.
          {
            gameId: room,
            messageId,
            reactions: reactedNow ? [{ emoji, count: 1, logins: [login] }] : [],
            version: turn,
            change: { login, emoji, reacted: reactedNow },
          };
    socket.emit('chat:react', payload, (answer: { ok: boolean }) => (answer.ok ? reacted++ : refused++));
  }, 1000 / perSecond);
  return {
    stop() {
      clearInterval(timer);
      socket.close();
      return { reacted, refused };
    },
  };
}
