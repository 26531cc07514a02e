import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from '@client/lib/store';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AckError } from '@shared/events';
import type {
  ChatJoinAnswer,
  ChatMessage,
  ChatMyReactionChanged,
  ChatReactInput,
  ChatReaction,
  ChatReactionsChanged,
} from '@shared/schemas/chat';

/** A socket double: answers acknowledged emits from a table, and lets the test fire server events. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const answers = new Map<string, (payload: unknown) => unknown>();
  /** Events the server refuses, with the refusal. */
  const refusals = new Map<string, AckError>();
  const sent: Array<{ event: string; payload: unknown }> = [];
  /** Events whose acknowledgement never comes, and the requests waiting for one. */
  const held = new Set<string>();
  const waiting: Array<(error: Error) => void> = [];
  return {
    recovered: false,
    /** What `socket.connected` says (the app's socket: true while connected). */
    connected: false,
    listeners,
    answers,
    refusals,
    sent,
    held,
    waiting,
    /** Every request waiting for an acknowledgement reaches its deadline, as Socket.IO's timeout(). */
    lapse() {
      for (const reject of waiting.splice(0)) reject(new Error('operation has timed out'));
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
    },
    emit: vi.fn(),
    timeout() {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          sent.push({ event, payload });
          if (held.has(event)) return new Promise((_, reject) => waiting.push(reject));
          const refusal = refusals.get(event);
          if (refusal) return { ok: false, error: refusal };
          return { ok: true, data: answers.get(event)?.(payload) ?? null };
        },
      };
    },
    fire(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
});
vi.mock('@client/lib/socket', async () => {
  const { socketRequest, SocketRequestError } = await import('@shared/socket-request');
  return {
    SocketRequestError,
    getSocket: () => socket,
    request: (event: never, payload: never) => socketRequest(socket, event, payload, 8000),
  };
});

const { GameChat } = await import('./game-chat');
const { useUnreadFollower } = await import('./unread');

/**
 * What chat:join answers: a page of messages the reader gave no reaction on, in a room with slow mode
 * off, the reader not muted.
 */
const joined = (messages: ChatMessage[], extra: Partial<ChatJoinAnswer> = {}): ChatJoinAnswer => ({
  messages,
  hasMore: false,
  version: 1,
  mine: {},
  room: { gameId: 'g1', slowModeSeconds: 0 },
  mutedUntil: null,
  ...extra,
});

/** The chat as the app mounts it: in its own jotai store, with the screen's unread follower. */
function Screen({ children, login }: { children: ReactNode; login: string }) {
  useUnreadFollower(login);
  return <>{children}</>;
}
function renderChat(login: string, role: ChatMessage['role'] = 'user') {
  return render(
    <Provider store={createStore()}>
      <Screen login={login}>
        <GameChat gameId="g1" awayTeam="Bills" homeTeam="Chiefs" user={{ login, name: null, role }} />
      </Screen>
    </Provider>,
  );
}
async function joinAsHome() {
  await userEvent.click(screen.getByRole('radio', { name: /Chiefs/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
}

const message = (id: string, minute: number, text: string): ChatMessage => ({
  id,
  gameId: 'g1',
  login: 'alice',
  username: 'Alice',
  message: text,
  timestamp: new Date(Date.UTC(2026, 10, 22, 18, minute)).toISOString(),
  team: 'home',
  teamName: 'Chiefs',
  role: 'user',
});

/** The last `event` the chat sent (the seen position is reported on its own clock, in between). */
const lastSent = (event: string) => socket.sent.filter((sent) => sent.event === event).at(-1);

beforeEach(() => {
  socket.listeners.clear();
  socket.answers.clear();
  socket.refusals.clear();
  socket.sent.length = 0;
  socket.held.clear();
  socket.waiting.length = 0;
  socket.connected = false;
  socket.answers.set('chat:unread', () => ({ games: [] }));
  socket.answers.set('chat:speakers', () => ({ gameId: 'g1', logins: [] }));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('GameChat after a long absence', () => {
  it('shows where messages were missed when the catch-up reports a gap', async () => {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'kick-off')]));
    render(
      <GameChat
        gameId="g1"
        awayTeam="Bills"
        homeTeam="Chiefs"
        user={{ login: 'bob', name: 'Bob', role: 'user' }}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Chiefs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    expect(await screen.findByText('kick-off')).toBeInTheDocument();
    expect(screen.queryByText('Some messages were missed while you were away.')).not.toBeInTheDocument();

    // Back after a long absence: more was posted than the server keeps.
    socket.answers.set('chat:join', () => joined([message('900-0', 40, 'final whistle')], { hasMore: true }));
    socket.answers.set('chat:sync', () => ({
      messages: [message('900-0', 40, 'final whistle')],
      gap: true,
      version: 1,
      mine: {},
    }));
    await act(async () => socket.fire('connect'));
    expect(await screen.findByText('final whistle')).toBeInTheDocument();
    const notice = await screen.findByText('Some messages were missed while you were away.');
    // Between the last message it had and the first one after the gap.
    const items = [...notice.closest('ul')!.querySelectorAll('li')].map((li) => li.textContent ?? '');
    const at = items.findIndex((text) => text.includes('Some messages were missed'));
    expect(items[at - 1]).toContain('kick-off');
    expect(items[at + 1]).toContain('final whistle');
  });
});

describe('GameChat authors', () => {
  it('shows each author by login, never by a display name someone could copy', async () => {
    // A message stored with a display name as its username (anyone can call themselves "Boss").
    const copied = { ...message('1-0', 1, 'trust me'), login: 'mallory', username: 'Boss' };
    socket.answers.set('chat:join', () => joined([copied]));
    render(
      <GameChat
        gameId="g1"
        awayTeam="Bills"
        homeTeam="Chiefs"
        user={{ login: 'bob', name: 'Bob', role: 'user' }}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Chiefs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    const item = (await screen.findByText('trust me')).closest('li')!;
    expect(item).toHaveTextContent('@mallory');
    expect(item).not.toHaveTextContent('Boss');
  });
});

/** A 🔥 reaction as the server sends it: how many gave it, and the first fans who did. */
const fire = (count: number, ...logins: string[]): ChatReaction[] => [{ emoji: '🔥', count, logins }];
/** The room's push of a 🔥 change on message 1-0 at `version`, with the reactions after it (not who). */
const pushFire = (version: number, reactions: ChatReaction[]) =>
  socket.fire('chat:reactions-changed', {
    gameId: 'g1',
    messageId: '1-0',
    reactions,
    version,
  } satisfies ChatReactionsChanged);
/** The reader's own 🔥 change on another tab: the room's push, then the one to the reader's sockets. */
const pushOwnFire = (version: number, reacted: boolean, reactions: ChatReaction[]) => {
  pushFire(version, reactions);
  socket.fire('chat:my-reaction-changed', {
    gameId: 'g1',
    messageId: '1-0',
    reactions,
    version,
    change: { emoji: '🔥', reacted },
  } satisfies ChatMyReactionChanged);
};
/** Ten fans, as many as a reaction names: whoever reacts after them is only counted. */
const firstTen = Array.from({ length: 10 }, (_, index) => `fan-${index + 1}`);
/** The 🔥 chip under a message, named "React with 🔥" or "Remove 🔥 reaction". */
const fireChip = (item: HTMLElement) => within(item).getByRole('button', { name: /🔥/ });
/** What a reaction chip shows: its button's emoji and, beside it, the count. */
const shown = (button: HTMLElement) => `${button.textContent}${button.nextElementSibling?.textContent}`;

describe('GameChat reactions', () => {
  it('toggles a reaction through the server and follows everyone else live', async () => {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'touchdown!')]));
    socket.answers.set('chat:react', (payload) => {
      const { messageId, emoji, reacted } = payload as ChatReactInput;
      const reactions = reacted ? fire(1, 'bob') : fire(1, 'alice');
      return {
        gameId: 'g1',
        messageId,
        reactions,
        version: reacted ? 1 : 3,
        change: { emoji, reacted },
      };
    });
    renderChat('bob');
    await joinAsHome();
    const item = (await screen.findByText('touchdown!')).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Add reaction' }));
    await userEvent.click(within(item).getByRole('button', { name: 'React with 🔥' }));
    expect(lastSent('chat:react')).toEqual({
      event: 'chat:react',
      payload: { gameId: 'g1', messageId: '1-0', emoji: '🔥', reacted: true },
    });
    const mine = await within(item).findByRole('button', { name: 'Remove 🔥 reaction' });
    expect(mine).toHaveAttribute('aria-pressed', 'true');

    // Someone else reacts too: the count follows the room's push, and it is still the reader's.
    act(() => pushFire(2, fire(2, 'bob', 'alice')));
    expect(shown(within(item).getByRole('button', { name: 'Remove 🔥 reaction' }))).toBe('🔥2');
    expect(within(item).getByRole('button', { name: 'Remove 🔥 reaction' })).toHaveAccessibleDescription(
      '2 reactions: @bob, @alice',
    );

    await userEvent.click(within(item).getByRole('button', { name: 'Remove 🔥 reaction' }));
    expect(lastSent('chat:react')?.payload).toMatchObject({ emoji: '🔥', reacted: false });
    const theirs = await within(item).findByRole('button', { name: 'React with 🔥' });
    expect(theirs).toHaveAttribute('aria-pressed', 'false');
    expect(shown(theirs)).toBe('🔥1');
  });

  it("shows a busy reaction's count, pressed from what the reader gave on any of their tabs", async () => {
    // 1,234 fans gave 🔥, the reader among them though the page names only the first ones.
    const busy = { ...message('1-0', 1, 'touchdown!'), reactions: fire(1234, 'ann', 'carol') };
    socket.answers.set('chat:join', () => joined([busy], { mine: { '1-0': ['🔥'] } }));
    renderChat('bob');
    await joinAsHome();
    const item = (await screen.findByText('touchdown!')).closest('li')!;
    expect(fireChip(item)).toHaveAccessibleName('Remove 🔥 reaction');
    expect(shown(fireChip(item))).toBe('🔥1,234');
    expect(fireChip(item)).toHaveAccessibleDescription('1,234 reactions: @ann, @carol and 1,232 others');

    // The reader takes it back on another tab.
    act(() => pushOwnFire(2, false, fire(1233, 'ann', 'carol')));
    expect(fireChip(item)).toHaveAccessibleName('React with 🔥');
    expect(shown(fireChip(item))).toBe('🔥1,233');
    // Someone else's change leaves the reader's own as it is.
    act(() => pushFire(3, fire(1234, 'ann', 'carol')));
    expect(fireChip(item)).toHaveAccessibleName('React with 🔥');
    expect(shown(fireChip(item))).toBe('🔥1,234');
  });
});

describe('GameChat reactions and pages crossing on the way', () => {
  it("keeps the reactions of a push, and the reader's own, when a catch-up read before it arrives after it", async () => {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'touchdown!')], { version: 3 }));
    renderChat('bob');
    await joinAsHome();
    const item = (await screen.findByText('touchdown!')).closest('li')!;
    // The reader reacts on another tab, after the ten fans the reaction names.
    act(() => pushOwnFire(7, true, fire(11, ...firstTen)));
    expect(fireChip(item)).toHaveAccessibleName('Remove 🔥 reaction');

    // Back after a drop: the pages were read at version 5, before those reactions.
    const stale = { ...message('1-0', 1, 'touchdown!'), reactions: fire(1, 'dave') };
    socket.answers.set('chat:join', () => joined([stale], { version: 5 }));
    socket.answers.set('chat:sync', () => ({
      messages: [stale, message('2-0', 2, 'extra point')],
      gap: false,
      version: 5,
      mine: {},
    }));
    await act(async () => socket.fire('connect'));
    expect(await screen.findByText('extra point')).toBeInTheDocument();
    expect(fireChip(item)).toHaveAccessibleName('Remove 🔥 reaction');
    expect(shown(fireChip(item))).toBe('🔥11');

    // A page read after a later change (the reader took theirs back) replaces both.
    socket.answers.set('chat:join', () => joined([{ ...stale, reactions: fire(1, 'erin') }], { version: 9 }));
    socket.answers.set('chat:sync', () => ({ messages: [], gap: false, version: 9, mine: {} }));
    await act(async () => socket.fire('connect'));
    await vi.waitFor(() => expect(fireChip(item)).toHaveAccessibleDescription('1 reaction: @erin'));
    expect(fireChip(item)).toHaveAccessibleName('React with 🔥');
  });

  it('applies the changes pushed while the page of the room was on its way', async () => {
    socket.answers.set('chat:join', () => {
      // The room's pushes reach the reader before the answer to its join, read before them: the
      // reader's own reaction from another tab, then alice's (both after the ten fans named).
      pushOwnFire(4, true, fire(11, ...firstTen));
      pushFire(5, fire(12, ...firstTen));
      return joined([message('1-0', 1, 'touchdown!')], { version: 3 });
    });
    renderChat('bob');
    await joinAsHome();
    const item = (await screen.findByText('touchdown!')).closest('li')!;
    expect(shown(fireChip(item))).toBe('🔥12');
    expect(fireChip(item)).toHaveAccessibleName('Remove 🔥 reaction');
  });
});

describe('GameChat mentions', () => {
  it('highlights a message that mentions the reader, and shows the mention as text', async () => {
    socket.answers.set('chat:join', () =>
      joined([
        { ...message('1-0', 1, '@bob <b>look</b> at this'), mentions: ['bob'] },
        { ...message('2-0', 2, '@carol you too'), mentions: ['carol'] },
      ]),
    );
    renderChat('bob');
    await joinAsHome();
    const forMe = (await screen.findByText(/look<\/b> at this/)).closest('li')!;
    expect(forMe).toHaveTextContent('Mentions you');
    expect(forMe).toHaveAttribute('data-mentions-me', 'true');
    // The text is text: no element was made from it.
    expect(forMe.querySelector('b')).toBeNull();
    expect(within(forMe).getByText('@bob')).toHaveClass('font-semibold');
    const forCarol = screen.getByText(/you too/).closest('li')!;
    expect(forCarol).not.toHaveTextContent('Mentions you');
  });

  it('offers recent speakers in "Mention someone" and inserts the chosen login', async () => {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'hello')]));
    socket.answers.set('chat:speakers', () => ({ gameId: 'g1', logins: ['carol', 'alice'] }));
    renderChat('bob');
    await joinAsHome();
    await screen.findByText('hello');
    const box = screen.getByRole('combobox', { name: 'Message' });
    await userEvent.type(box, 'hey @');
    const list = screen.getByRole('listbox', { name: 'Mention someone' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@alice', '@carol']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('hey @carol ');
  });
});

describe('GameChat slow mode and time-outs', () => {
  it('tells everyone slow mode is on and counts down the wait after a message', async () => {
    socket.answers.set('chat:join', () => joined([], { room: { gameId: 'g1', slowModeSeconds: 15 } }));
    socket.answers.set('chat:send', (payload) => ({
      ...message('5-0', 5, (payload as { message: string }).message),
      login: 'bob',
    }));
    renderChat('bob');
    await joinAsHome();
    expect(await screen.findByText('Slow mode is on (15 s)')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByRole('combobox', { name: 'Message' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(box, 'first{Enter}');
    expect(await screen.findByText('Slow mode: wait 15 s')).toBeInTheDocument();
    await user.type(box, 'second');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText(/^Slow mode: wait 1[23] s$/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(13_000));
    expect(screen.queryByText(/Slow mode: wait/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('puts a refused message back in the box and waits as long as the server says', async () => {
    socket.answers.set('chat:join', () => joined([], { room: { gameId: 'g1', slowModeSeconds: 30 } }));
    socket.refusals.set('chat:send', {
      code: 'slow_mode',
      message: 'Slow mode is on. Wait before sending another message.',
      retryAfterMs: 12_000,
    });
    renderChat('bob');
    await joinAsHome();
    const box = await screen.findByRole('combobox', { name: 'Message' });
    await userEvent.type(box, 'too soon{Enter}');
    expect(await screen.findByText('Slow mode: wait 12 s')).toBeInTheDocument();
    expect(box).toHaveValue('too soon');
    expect(screen.queryByText('Not sent')).not.toBeInTheDocument();
  });

  it('shows a muted reader until when, instead of the message box', async () => {
    const until = new Date(Date.now() + 15 * 60_000);
    socket.answers.set('chat:join', () =>
      joined([message('1-0', 1, 'hi')], { mutedUntil: until.toISOString() }),
    );
    renderChat('bob');
    await joinAsHome();
    const hhmm = `${String(until.getHours()).padStart(2, '0')}:${String(until.getMinutes()).padStart(2, '0')}`;
    expect(await screen.findByText(`You are muted in this room until ${hhmm}`)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Message' })).not.toBeInTheDocument();
    // Reactions are refused while muted: nothing to add.
    expect(screen.queryByRole('button', { name: 'Add reaction' })).not.toBeInTheDocument();
  });
});

describe('GameChat unread', () => {
  it('opens with a "New messages" divider above the first unread message and a way to jump to it', async () => {
    socket.answers.set('chat:unread', () => ({
      games: [{ gameId: 'g1', lastSeenId: '2-0', count: 2, mentioned: false }],
    }));
    socket.answers.set('chat:join', () =>
      joined([
        message('1-0', 1, 'old one'),
        message('2-0', 2, 'last seen'),
        { ...message('3-0', 3, 'mine after'), login: 'bob' },
        message('4-0', 4, 'first unread'),
        message('5-0', 5, 'second unread'),
      ]),
    );
    renderChat('bob');
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    await joinAsHome();
    const divider = await screen.findByText('New messages');
    const items = [...divider.closest('ul')!.querySelectorAll(':scope > li')].map(
      (li) => li.textContent ?? '',
    );
    const at = items.findIndex((text) => text === 'New messages');
    expect(items[at - 1]).toContain('mine after');
    expect(items[at + 1]).toContain('first unread');
    expect(screen.getByRole('button', { name: 'Jump to first unread' })).toBeInTheDocument();
  });

  it('tells the server what was seen while the chat is open at the newest message', async () => {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'a'), message('2-0', 2, 'b')]));
    renderChat('bob');
    await joinAsHome();
    await screen.findByText('b');
    await vi.waitFor(() =>
      expect(socket.sent).toContainEqual({ event: 'chat:seen', payload: { gameId: 'g1', messageId: '2-0' } }),
    );
  });
});

describe('GameChat moderation', () => {
  it('gives moderators slow mode, time-outs and the moderation log', async () => {
    socket.answers.set('chat:join', () =>
      joined([
        message('1-0', 1, 'spam'),
        { ...message('2-0', 2, 'boss here'), login: 'root', role: 'admin' },
      ]),
    );
    socket.answers.set('chat:moderation-log', () => ({
      gameId: 'g1',
      entries: [
        {
          id: 'e1',
          gameId: 'g1',
          moderator: 'mod',
          at: new Date(2026, 10, 23, 21, 30).toISOString(),
          action: 'slow-mode',
          seconds: 30,
        },
      ],
    }));
    socket.answers.set('chat:slow-mode', (payload) => ({
      gameId: 'g1',
      slowModeSeconds: (payload as { seconds: number }).seconds,
    }));
    socket.answers.set('chat:timeout', () => ({
      gameId: 'g1',
      login: 'alice',
      until: new Date().toISOString(),
    }));
    renderChat('mod', 'moderator');
    await joinAsHome();
    await screen.findByText('spam');
    await userEvent.click(screen.getByText('Moderation'));
    const log = screen.getByRole('region', { name: 'Moderation log' });
    expect(log).toHaveTextContent('21:30@mod set slow mode to 30 s');

    await userEvent.selectOptions(screen.getByLabelText('Slow mode'), '15 s');
    expect(lastSent('chat:slow-mode')).toEqual({
      event: 'chat:slow-mode',
      payload: { gameId: 'g1', seconds: 15 },
    });
    expect(await screen.findByText('Slow mode is on (15 s)')).toBeInTheDocument();

    act(() =>
      socket.fire('chat:moderation-logged', {
        id: 'e2',
        gameId: 'g1',
        moderator: 'mod',
        at: new Date(2026, 10, 23, 21, 40).toISOString(),
        action: 'timeout',
        target: 'alice',
        minutes: 15,
        until: new Date(2026, 10, 23, 21, 55).toISOString(),
      }),
    );
    expect(log.querySelectorAll('li')[0]).toHaveTextContent('@mod timed out @alice for 15 minutes');

    const spam = screen.getByText('spam').closest('li')!;
    await userEvent.click(within(spam).getByRole('button', { name: 'Time out @alice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Time out @alice for 15 minutes' }));
    expect(lastSent('chat:timeout')).toEqual({
      event: 'chat:timeout',
      payload: { gameId: 'g1', login: 'alice', minutes: 15 },
    });
    // Nobody can time out an admin.
    const admin = screen.getByText('boss here').closest('li')!;
    expect(within(admin).queryByRole('button', { name: /Time out/ })).not.toBeInTheDocument();
  });

  it('shows users no moderation tools', async () => {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'hi')]));
    renderChat('bob');
    await joinAsHome();
    await screen.findByText('hi');
    expect(screen.queryByText('Moderation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Time out/ })).not.toBeInTheDocument();
    expect(socket.sent.some((request) => request.event === 'chat:moderation-log')).toBe(false);
  });
});

describe('GameChat after a send that got no answer', () => {
  const logEntry = (id: string, minute: number) => ({
    id,
    gameId: 'g1',
    moderator: 'mod',
    at: new Date(2026, 10, 23, 21, minute).toISOString(),
    action: 'slow-mode' as const,
    seconds: 30,
  });

  /** A moderator in the room, who has seen its newest message; then a send whose answer never comes. */
  async function sendIntoTheVoid() {
    socket.answers.set('chat:join', () => joined([message('1-0', 1, 'kick-off')]));
    socket.answers.set('chat:moderation-log', () => ({ gameId: 'g1', entries: [logEntry('e1', 30)] }));
    renderChat('mod', 'moderator');
    await joinAsHome();
    await screen.findByText('kick-off');
    expect(screen.getByText('Moderation')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(lastSent('chat:seen')?.payload).toEqual({ gameId: 'g1', messageId: '1-0' }),
    );

    socket.held.add('chat:send');
    await userEvent.type(screen.getByRole('combobox', { name: 'Message' }), 'anyone there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(socket.waiting).toHaveLength(1));
    socket.held.delete('chat:send');
    // The room answers again from here on, with what was said meanwhile.
    const later = [message('1-0', 1, 'kick-off'), message('2-0', 2, 'touchdown!')];
    socket.answers.set('chat:join', () => joined(later));
    socket.answers.set('chat:sync', () => ({ messages: later.slice(1), gap: false, version: 1, mine: {} }));
    socket.answers.set('chat:moderation-log', () => ({
      gameId: 'g1',
      entries: [logEntry('e2', 40), logEntry('e1', 30)],
    }));
    await act(async () => socket.lapse());
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
  }

  /** The room is live: no "Offline Mode", the panel is back with what was logged, seen is reported. */
  async function expectLiveAgain() {
    expect(await screen.findByText('touchdown!')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Offline Mode')).not.toBeInTheDocument());
    await userEvent.click(screen.getByText('Moderation'));
    const log = screen.getByRole('region', { name: 'Moderation log' });
    await vi.waitFor(() => expect(log.querySelectorAll('li')).toHaveLength(2));
    await vi.waitFor(
      () => expect(lastSent('chat:seen')?.payload).toEqual({ gameId: 'g1', messageId: '2-0' }),
      { timeout: 3000 },
    );
    // The unsent message stays, marked, for the reader to send again.
    expect(screen.getByText('anyone there?')).toBeInTheDocument();
    expect(screen.getByText('Not sent')).toBeInTheDocument();
  }

  it('goes back to live when the socket reconnects and the room catches up', async () => {
    await sendIntoTheVoid();
    // The socket had dropped: the chat is offline until it is back.
    expect(screen.getByText('Offline Mode')).toBeInTheDocument();
    expect(screen.queryByText('Moderation')).not.toBeInTheDocument();

    socket.connected = true;
    await act(async () => socket.fire('connect'));
    await expectLiveAgain();
  });

  it('checks the room at once when the socket still looks connected', async () => {
    socket.connected = true;
    await sendIntoTheVoid();
    await expectLiveAgain();
  });
});
