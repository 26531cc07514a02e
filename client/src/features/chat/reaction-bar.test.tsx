import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReactionBar } from './reaction-bar';

const CHOICES = ['👍', '🔥', '😂', '😮', '😢', '👏'];
/** What a reaction chip shows: its button's emoji and, beside it, the count. */
const shown = (button: HTMLElement) => `${button.textContent}${button.nextElementSibling?.textContent}`;

describe('ReactionBar', () => {
  it('names each reaction by what pressing it does, pressed when the reader gave it', async () => {
    const onToggle = vi.fn();
    render(
      <ReactionBar
        // The reader gave 🔥 but is not among the fans it names; alice is named on 👍 but it is not the reader's.
        reactions={[
          { emoji: '🔥', count: 1234, logins: ['alice', 'carol'] },
          { emoji: '👍', count: 1, logins: ['bob'] },
        ]}
        choices={CHOICES}
        mine={['🔥']}
        onToggle={onToggle}
      />,
    );
    const mine = screen.getByRole('button', { name: 'Remove 🔥 reaction' });
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    expect(shown(mine)).toBe('🔥1,234');
    const theirs = screen.getByRole('button', { name: 'React with 👍' });
    expect(theirs).toHaveAttribute('aria-pressed', 'false');
    expect(shown(theirs)).toBe('👍1');

    await userEvent.click(mine);
    expect(onToggle).toHaveBeenLastCalledWith('🔥', false);
    await userEvent.click(theirs);
    expect(onToggle).toHaveBeenLastCalledWith('👍', true);
  });

  it('says who reacted when a reaction is hovered or focused', async () => {
    render(
      <ReactionBar
        reactions={[{ emoji: '😂', count: 2, logins: ['alice', 'bears-fan'] }]}
        choices={CHOICES}
        mine={[]}
        onToggle={() => {}}
      />,
    );
    const button = screen.getByRole('button', { name: 'React with 😂' });
    expect(button).toHaveAccessibleDescription('2 reactions: @alice, @bears-fan');
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('@alice, @bears-fan');
  });

  it('names the first fans who reacted and counts the others', () => {
    const first = Array.from({ length: 10 }, (_, index) => `fan-${index + 1}`);
    render(
      <ReactionBar
        reactions={[
          { emoji: '🔥', count: 1244, logins: first },
          { emoji: '👏', count: 3, logins: ['ann', 'bob'] },
        ]}
        choices={CHOICES}
        mine={[]}
        onToggle={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'React with 🔥' })).toHaveAccessibleDescription(
      `1,244 reactions: ${first.map((login) => `@${login}`).join(', ')} and 1,234 others`,
    );
    expect(screen.getByRole('button', { name: 'React with 👏' })).toHaveAccessibleDescription(
      '3 reactions: @ann, @bob and 1 other',
    );
  });

  it('opens the tooltip upwards at the foot of the list, where there is no room below', async () => {
    // A list 300 px high that scrolls; the chip sits at its foot, the tooltip is 60 px high.
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const at = (top: number, bottom: number) => DOMRect.fromRect({ y: top, height: bottom - top });
      return this.dataset.testid === 'list' ? at(0, 300) : at(270, 298);
    });
    const heights = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
    try {
      render(
        <div data-testid="list" style={{ overflowY: 'auto' }}>
          <ReactionBar
            reactions={[{ emoji: '🔥', count: 12, logins: ['alice'] }]}
            choices={CHOICES}
            mine={[]}
            onToggle={() => {}}
          />
        </div>,
      );
      const tooltip = screen.getByRole('tooltip', { hidden: true });
      expect(tooltip).toHaveClass('top-full');
      await userEvent.tab();
      expect(tooltip).toHaveClass('bottom-full');
      expect(tooltip).not.toHaveClass('top-full');
    } finally {
      rects.mockRestore();
      heights.mockRestore();
    }
  });

  it('offers the unused reactions in a picker that the keyboard can use and Escape closes', async () => {
    const onToggle = vi.fn();
    render(
      <ReactionBar
        reactions={[{ emoji: '🔥', count: 1, logins: ['alice'] }]}
        choices={CHOICES}
        mine={[]}
        onToggle={onToggle}
      />,
    );
    const add = screen.getByRole('button', { name: 'Add reaction' });
    await userEvent.click(add);
    const picker = screen.getByRole('group', { name: 'Reactions' });
    // Only what nobody used yet; 🔥 is already under the message.
    expect(
      within(picker)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['React with 👍', 'React with 😂', 'React with 😮', 'React with 😢', 'React with 👏']);
    expect(within(picker).getByRole('button', { name: 'React with 👍' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Reactions' })).not.toBeInTheDocument();
    expect(add).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onToggle).toHaveBeenCalledWith('😂', true);
    expect(screen.queryByRole('group', { name: 'Reactions' })).not.toBeInTheDocument();
  });

  it('takes no line under a message nobody reacted to', () => {
    const { container } = render(
      <ReactionBar reactions={[]} choices={CHOICES} mine={[]} onToggle={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the counts but offers nothing to press while the reader may not react', () => {
    render(
      <ReactionBar
        reactions={[{ emoji: '👏', count: 1, logins: ['alice'] }]}
        choices={CHOICES}
        mine={[]}
        onToggle={() => {}}
        disabled
      />,
    );
    expect(screen.getByRole('button', { name: 'React with 👏' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add reaction' })).not.toBeInTheDocument();
  });
});
