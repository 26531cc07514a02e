import { useCallback, useMemo, useRef, type Dispatch, type RefObject } from 'react';
import type { ChatMyReactionChanged, ChatReactionEmoji, ChatReactionsChanged } from '@shared/schemas/chat';
import type { ChatAction, ListedMessage } from './chat-reducer';

/** A message's reactions after a change: anyone's (pushed to the room), or the reader's own. */
export type ReactionChange = ChatReactionsChanged | ChatMyReactionChanged;

/** The actions that list a page of messages the server answered. */
export type PageAction = Extract<ChatAction, { type: 'loaded' | 'older-loaded' | 'received-many' }>;

/**
 * The reaction changes held for a message not listed yet: the newest, and the reader's newest own
 * change of each emoji.
 */
interface HeldChanges {
  newest: ReactionChange;
  mine: Partial<Record<ChatReactionEmoji, ChatMyReactionChanged>>;
}

/** `held` with `changed` taken in, keeping only the newest change of each kind. */
function holdChange(held: HeldChanges | undefined, changed: ReactionChange): HeldChanges {
  const newest = !held || held.newest.version <= changed.version ? changed : held.newest;
  const mine = { ...held?.mine };
  if ('change' in changed) {
    const kept = mine[changed.change.emoji];
    if (!kept || kept.version <= changed.version) mine[changed.change.emoji] = changed;
  }
  return { newest, mine };
}

export interface HeldReactions {
  /** Applies a pushed change; held too when its message is not listed yet. */
  take(changed: ReactionChange): void;
  /** Applies the changes held for messages just listed. */
  applyHeld(messageIds: readonly string[]): void;
  /** Lists a page's messages, then the changes pushed for them before it came. */
  listPage(action: PageAction): void;
  /** Forgets what is held: a room joined afresh gets pages that carry everything so far. */
  clear(): void;
}

/**
 * Reaction changes pushed for a message not listed yet (held by the delay, or on a page still on its
 * way), applied once it is listed, since that page may have been read before them. Per message the
 * newest change, and the newest of the reader's own (a later change by someone else does not say what
 * the reader's own reactions are).
 */
export function useHeldReactions(
  dispatch: Dispatch<ChatAction>,
  messagesRef: RefObject<ListedMessage[]>,
): HeldReactions {
  const heldRef = useRef(new Map<string, HeldChanges>());

  const applyHeld = useCallback(
    (messageIds: readonly string[]) => {
      const held = heldRef.current;
      for (const id of messageIds) {
        const changes = held.get(id);
        if (!changes) continue;
        held.delete(id);
        for (const changed of [changes.newest, ...Object.values(changes.mine)]) {
          dispatch({ type: 'reactions-changed', changed });
        }
      }
    },
    [dispatch],
  );

  const listPage = useCallback(
    (action: PageAction) => {
      dispatch(action);
      applyHeld(action.messages.map((message) => message.id));
    },
    [dispatch, applyHeld],
  );

  const take = useCallback(
    (changed: ReactionChange) => {
      const held = heldRef.current;
      if (!messagesRef.current.some((m) => m.id === changed.messageId)) {
        held.set(changed.messageId, holdChange(held.get(changed.messageId), changed));
      }
      dispatch({ type: 'reactions-changed', changed });
    },
    [dispatch, messagesRef],
  );

  const clear = useCallback(() => heldRef.current.clear(), []);

  return useMemo(() => ({ take, applyHeld, listPage, clear }), [take, applyHeld, listPage, clear]);
}
