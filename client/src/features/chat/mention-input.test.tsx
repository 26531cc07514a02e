import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MentionInput } from './mention-input';

/** The input inside a form, as the chat uses it: Enter submits unless the list takes it. */
function Harness({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label htmlFor="box">Message</label>
      <MentionInput
        id="box"
        value={value}
        onChange={setValue}
        authors={['alice', 'bob', 'bears-fan', 'me']}
        me="me"
        placeholder="Say something"
        maxLength={500}
      />
    </form>
  );
}

describe('MentionInput', () => {
  it('opens "Mention someone" on @, moves with the arrows and inserts the login on Enter', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const box = screen.getByRole('combobox', { name: 'Message' });
    await userEvent.type(box, 'nice one @');
    const list = screen.getByRole('listbox', { name: 'Mention someone' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // Newest speaker first, never oneself.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '@bears-fan',
      '@bob',
      '@alice',
    ]);
    expect(screen.getByRole('option', { name: '@bears-fan' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '@bob' })).toHaveAttribute('aria-selected', 'true');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: '@bob' }).id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: '@alice' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('nice one @alice ');
    expect(list).not.toBeInTheDocument();
    // Enter chose the login: the message was not sent.
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('nice one @alice ');
  });

  it('narrows the list to what was typed after @', async () => {
    render(<Harness onSubmit={() => {}} />);
    await userEvent.type(screen.getByRole('combobox'), '@b');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['@bears-fan', '@bob']);
    await userEvent.type(screen.getByRole('combobox'), 'o');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['@bob']);
    await userEvent.type(screen.getByRole('combobox'), 'x');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on Escape without letting the Escape reach the dialog around it', async () => {
    const dialogEscape = vi.fn();
    render(
      <div onKeyDown={(event) => event.key === 'Escape' && dialogEscape()}>
        <Harness onSubmit={() => {}} />
      </div>,
    );
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'hey @');
    expect(screen.getByRole('listbox', { name: 'Mention someone' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(dialogEscape).not.toHaveBeenCalled();
    // With the list closed, Escape is the dialog's again.
    await userEvent.keyboard('{Escape}');
    expect(dialogEscape).toHaveBeenCalledTimes(1);
    // A new @ opens it again.
    await userEvent.type(box, ' @');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('picks a login with a click and keeps typing after it', async () => {
    render(<Harness onSubmit={() => {}} />);
    const box = screen.getByRole('combobox');
    await userEvent.type(box, '@');
    fireEvent.mouseDown(screen.getByRole('option', { name: '@bob' }));
    await userEvent.click(screen.getByRole('option', { name: '@bob' }));
    expect(box).toHaveValue('@bob ');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'go');
    expect(box).toHaveValue('@bob go');
  });
});
