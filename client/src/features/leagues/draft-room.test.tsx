import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_TEAM_NAMES } from '@shared/fantasy/ai-picks';
import { ERROR_MESSAGES } from '@shared/errors';
import type { League, LeagueSeat } from '@shared/schemas/leagues';
import { SocketRequestError } from '@shared/socket-request';
import { DraftRoom, type DraftRoomProps } from './draft-room';

afterEach(cleanup);

const NOW = Date.parse('2026-11-27T14:00:00.000Z');
const seats: LeagueSeat[] = [
  { seat: 0, kind: 'person', login: 'ada', teamName: 'Ada Lovelace' },
  { seat: 1, kind: 'person', login: 'grace', teamName: 'Grace' },
  ...AI_TEAM_NAMES.slice(0, 8).map((teamName, index): LeagueSeat => ({
    seat: index + 2,
    kind: 'ai',
    login: null,
    teamName,
  })),
];

function league(overrides: Partial<League> = {}): League {
  return {
    id: 'abcdefghijklmnop',
    name: 'Office league',
    commissioner: 'ada',
    inviteCode: 'abcdefghijklmnopqrstuv',
    pickSeconds: 30,
    rounds: 8,
    status: 'drafting',
    seats,
    picks: [
      {
        overall: 1,
        round: 1,
        seat: 0,
        companyId: '/companies/nox-metals',
        how: 'pick',
        at: '2026-11-27T13:59:50.000Z',
      },
    ],
    clock: { seat: 1, overall: 2, deadline: '2026-11-27T14:00:25.000Z' },
    version: 3,
    createdAt: '2026-11-27T13:50:00.000Z',
    ...overrides,
  };
}

function renderRoom(props: Partial<DraftRoomProps> = {}) {
  const handlers = {
    onPick: vi.fn<DraftRoomProps['onPick']>().mockResolvedValue(undefined),
    onQueueChange: vi.fn<DraftRoomProps['onQueueChange']>().mockResolvedValue(undefined),
    onCommand: vi.fn<DraftRoomProps['onCommand']>().mockResolvedValue(undefined),
  };
  const view = render(
    <DraftRoom league={league()} queue={[]} me="grace" now={() => NOW} {...handlers} {...props} />,
  );
  return { ...handlers, ...view };
}

const refusal = (code: 'league_company_taken' | 'league_not_your_turn') =>
  new SocketRequestError({ code, message: ERROR_MESSAGES[code] });

describe('the draft room', { timeout: 20_000 }, () => {
  it("shows whose turn it is, the clock to the server's deadline and the board", () => {
    renderRoom({ me: 'ada' });
    expect(screen.getByText(/On the clock:/).textContent).toContain('Grace');
    expect(screen.getByTestId('pick-clock').textContent).toBe('0:25');
    expect(screen.getByTestId('pick-1').textContent).toContain('Nox Metals');
    // Drafted companies leave the available list; Draft waits for your turn.
    const available = screen.getByLabelText('Available companies', { selector: 'ul' });
    expect(within(available).queryByText('Nox Metals')).toBeNull();
    expect((screen.getByLabelText('Draft Blue') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when it is your turn and drafts the company', async () => {
    const { onPick } = renderRoom();
    expect(screen.getByText("You're on the clock")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByLabelText('Draft Blue')));
    expect(onPick).toHaveBeenCalledWith('/companies/blue');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it.each(['league_company_taken', 'league_not_your_turn'] as const)(
    "shows the server's refusal %s as a clear message",
    async (code) => {
      const { onPick } = renderRoom();
      onPick.mockRejectedValueOnce(refusal(code));
      await act(async () => fireEvent.click(screen.getByLabelText('Draft Blue')));
      expect(screen.getByRole('alert').textContent).toBe(ERROR_MESSAGES[code]);
    },
  );

  it('leaves drafted companies out of my queue and queues from the list', async () => {
    const { onQueueChange } = renderRoom({ queue: ['/companies/nox-metals', '/companies/kernel'] });
    const queue = screen.getByLabelText('My queue', { selector: 'ol' });
    expect(
      within(queue)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['1. Kernel']);
    await act(async () => fireEvent.click(screen.getByLabelText('Queue Blue')));
    expect(onQueueChange).toHaveBeenCalledWith(['/companies/kernel', '/companies/blue']);
  });

  it('gives the commissioner Pause, and Resume once paused; others get neither', async () => {
    const { onCommand, rerender } = renderRoom({ me: 'ada' });
    await act(async () => fireEvent.click(screen.getByText('Pause draft')));
    expect(onCommand).toHaveBeenCalledWith('pause');
    rerender(
      <DraftRoom
        league={league({ status: 'paused', clock: null })}
        queue={[]}
        me="ada"
        onPick={vi.fn()}
        onQueueChange={vi.fn()}
        onCommand={onCommand}
      />,
    );
    expect(screen.getByText('The draft is paused.')).toBeTruthy();
    expect(screen.getByText('Resume draft')).toBeTruthy();
    cleanup();
    renderRoom({ me: 'grace' });
    expect(screen.queryByText('Pause draft')).toBeNull();
  });
});

describe('the draft room chat', () => {
  it("shows the league's chat the app composes in", () => {
    renderRoom({ chat: <section aria-label="Office league chat">League chat</section> });
    expect(screen.getByRole('region', { name: 'Office league chat' })).toBeTruthy();
  });
});
