import { useId, useRef, useState } from 'react';
import { SmilePlus } from '@client/components/icons';
import { usePopupMenu } from './use-popup-menu';

/**
 * One reaction on a message: the emoji, how many gave it, and the first few of them by login (in the
 * order they reacted; a busy message has far more than are named).
 */
export interface MessageReaction {
  emoji: string;
  count: number;
  logins: readonly string[];
}

export interface ReactionBarProps {
  /** The reactions in use on the message, in the order the room sees them. */
  reactions: readonly MessageReaction[];
  /** Every reaction a message can take, in picker order. */
  choices: readonly string[];
  /** The reactions the reader gave: they show pressed. */
  mine: readonly string[];
  /** Adds (`on`) or removes the reader's reaction. */
  onToggle: (emoji: string, on: boolean) => void;
  /** Reading only (muted, or the message is not stored yet): the counts show, nothing can be pressed. */
  disabled?: boolean;
}

/** Counts as the app writes numbers: 1,234. */
const formatCount = (count: number) => count.toLocaleString('en-US');

/**
 * Who reacted, as the tooltip says it: "3 reactions: @ann, @bob and 1 other". The logins named are
 * the first ones; the rest are counted.
 */
function reactionSummary({ count, logins }: MessageReaction): string {
  const named = logins.map((login) => `@${login}`).join(', ');
  const others = count - logins.length;
  const rest = others === 1 ? '1 other' : `${formatCount(others)} others`;
  const who = others <= 0 ? named : logins.length === 0 ? rest : `${named} and ${rest}`;
  return `${formatCount(count)} ${count === 1 ? 'reaction' : 'reactions'}: ${who}`;
}

/** The name says what pressing does: react, or take one's reaction back. */
export const reactionButtonName = (emoji: string, pressed: boolean) =>
  pressed ? `Remove ${emoji} reaction` : `React with ${emoji}`;

/** The box that clips `element`: its nearest scrolling ancestor (the message list), else the window. */
function clippingBox(element: HTMLElement): { top: number; bottom: number } {
  for (let box = element.parentElement; box; box = box.parentElement) {
    if (/auto|scroll|hidden/.test(getComputedStyle(box).overflowY)) return box.getBoundingClientRect();
  }
  return { top: 0, bottom: window.innerHeight };
}

function ReactionChip({
  reaction,
  pressed,
  disabled,
  onToggle,
}: {
  reaction: MessageReaction;
  pressed: boolean;
  disabled: boolean;
  onToggle: (emoji: string, on: boolean) => void;
}) {
  const whoId = useId();
  const whoRef = useRef<HTMLSpanElement>(null);
  const [opensUp, setOpensUp] = useState(false);
  /**
   * The tooltip opens downwards: above the first message it would be cut off by the list's top edge.
   * Under the last messages there may be no room for it (it names up to ten fans), so there it opens
   * upwards. Measured as it shows (hover and focus show it already).
   */
  const placeWho = () => {
    const who = whoRef.current;
    const chip = who?.parentElement;
    if (!who || !chip) return;
    const box = clippingBox(chip);
    const { top, bottom } = chip.getBoundingClientRect();
    const roomBelow = box.bottom - bottom;
    setOpensUp(roomBelow < who.offsetHeight + 4 && top - box.top > roomBelow);
  };
  // The count sits beside the button, not in it: the button's name ("React with 🔥") must hold all
  // the text it shows, so speech control users can say it. The button still covers the whole chip
  // (its ::before), and screen readers hear the count in its description.
  return (
    <span
      className={`group/reaction relative inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs tabular-nums transition-colors has-[:disabled]:cursor-default has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
        pressed
          ? 'border-sky-500 bg-sky-50 font-semibold text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100'
          : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200'
      }`}
      onPointerEnter={placeWho}
      onFocus={placeWho}
    >
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={reactionButtonName(reaction.emoji, pressed)}
        aria-describedby={whoId}
        disabled={disabled}
        onClick={() => onToggle(reaction.emoji, !pressed)}
        className="before:absolute before:inset-0 before:rounded-full focus-visible:outline-none disabled:cursor-default"
      >
        <span aria-hidden="true">{reaction.emoji}</span>
      </button>
      <span aria-hidden="true">{formatCount(reaction.count)}</span>
      {/* Who reacted, on hover or focus; screen readers get it as the button's description. */}
      <span
        ref={whoRef}
        id={whoId}
        role="tooltip"
        className={`pointer-events-none absolute left-0 z-20 hidden ${opensUp ? 'bottom-full mb-1' : 'top-full mt-1'} w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow-lg group-focus-within/reaction:block group-hover/reaction:block dark:bg-slate-100 dark:text-slate-900`}
      >
        {reactionSummary(reaction)}
      </span>
    </span>
  );
}

/**
 * "Add reaction" and its picker of the reactions nobody has used yet. Under a message with reactions
 * it sits after them; on a message without any, the row puts it with its other actions, shown on
 * hover or focus (always on touch screens), so a quiet message takes no extra line.
 */
export function ReactionPicker({
  unused,
  onPick,
  quiet = false,
}: {
  unused: readonly string[];
  onPick: (emoji: string) => void;
  /** Hidden until the message is hovered or focused, and opening towards the start of the row. */
  quiet?: boolean;
}) {
  const picker = usePopupMenu();

  if (unused.length === 0) return null;
  return (
    <span className="relative inline-flex" onBlur={picker.onBlur}>
      <button
        {...picker.triggerProps}
        type="button"
        aria-label="Add reaction"
        title="Add reaction"
        className={`inline-flex items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:opacity-100 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100 ${
          quiet ? 'p-1' : 'h-7 px-1.5'
        } ${
          quiet && !picker.open
            ? 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'
            : ''
        }`}
      >
        <SmilePlus aria-hidden="true" className="h-4 w-4" />
      </button>
      {/* Downwards, like the tooltip: the list can scroll to what is below, never to what is above. */}
      {picker.open && (
        <span
          {...picker.menuProps}
          role="group"
          aria-label="Reactions"
          className={`absolute top-full z-20 mt-1 flex gap-0.5 rounded-full border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${
            quiet ? 'right-0' : 'left-0'
          }`}
        >
          {unused.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={reactionButtonName(emoji, false)}
              title={reactionButtonName(emoji, false)}
              onClick={() => {
                onPick(emoji);
                picker.close();
              }}
              className="h-8 w-8 rounded-full text-base hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <span aria-hidden="true">{emoji}</span>
            </button>
          ))}
        </span>
      )}
    </span>
  );
}

/** The reactions nobody has used on a message yet, in picker order. */
export const unusedReactions = (reactions: readonly MessageReaction[], choices: readonly string[]) =>
  choices.filter((emoji) => !reactions.some((reaction) => reaction.emoji === emoji));

/**
 * The reactions under a message: each one in use with its count, pressed when the reader reacted,
 * who reacted on hover or focus, then "Add reaction". Nothing when no reaction is in use.
 */
export function ReactionBar({ reactions, choices, mine, onToggle, disabled = false }: ReactionBarProps) {
  if (reactions.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1">
      {reactions.map((reaction) => (
        <ReactionChip
          key={reaction.emoji}
          reaction={reaction}
          pressed={mine.includes(reaction.emoji)}
          disabled={disabled}
          onToggle={onToggle}
        />
      ))}
      {!disabled && (
        <ReactionPicker
          unused={unusedReactions(reactions, choices)}
          onPick={(emoji) => onToggle(emoji, true)}
        />
      )}
    </div>
  );
}
