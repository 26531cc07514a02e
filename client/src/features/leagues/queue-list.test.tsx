import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueList } from './queue-list';

afterEach(cleanup);

const NOX = '/companies/nox-metals';
const BLUE = '/companies/blue';
const FIRST = ['/companies/nox-metals', '/companies/blue'];

function Harness({ initial, spy }: { initial: string[]; spy: (ids: string[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <QueueList
      companyIds={ids}
      onChange={(next) => {
        spy(next);
        setIds(next);
      }}
    />
  );
}

const order = () =>
  within(screen.getByRole('list', { name: 'My queue' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('my queue', () => {
  it('moves an entry with Alt+Arrow keys and removes it with Delete', () => {
    const spy = vi.fn();
    render(<Harness initial={[NOX, BLUE, '/companies/kernel']} spy={spy} />);
    const [first] = within(screen.getByRole('list', { name: 'My queue' })).getAllByRole('listitem');
    expect(order()).toEqual(['1. Nox Metals', '2. Blue', '3. Kernel']);

    fireEvent.keyDown(first!, { key: 'ArrowDown', altKey: true });
    expect(order()).toEqual(['1. Blue', '2. Nox Metals', '3. Kernel']);
    expect(spy).toHaveBeenLastCalledWith([BLUE, NOX, '/companies/kernel']);

    // A plain arrow only moves the focus; the order stays.
    fireEvent.keyDown(screen.getByRole('listitem', { name: '2. Nox Metals' }), { key: 'ArrowUp' });
    expect(spy).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(screen.getByRole('listitem', { name: '3. Kernel' }), { key: 'ArrowUp', altKey: true });
    expect(order()).toEqual(['1. Blue', '2. Kernel', '3. Nox Metals']);

    fireEvent.keyDown(screen.getByRole('listitem', { name: '1. Blue' }), { key: 'Delete' });
    expect(order()).toEqual(['1. Kernel', '2. Nox Metals']);
    expect(spy).toHaveBeenLastCalledWith(['/companies/kernel', NOX]);
  });

  it('moves with the buttons too, which stop at the ends', () => {
    const spy = vi.fn();
    render(<Harness initial={FIRST} spy={spy} />);
    expect((screen.getByRole('button', { name: 'Move Nox Metals up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Blue up' }));
    expect(order()).toEqual(['1. Blue', '2. Nox Metals']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Blue from my queue' }));
    expect(order()).toEqual(['1. Nox Metals']);
  });
});
