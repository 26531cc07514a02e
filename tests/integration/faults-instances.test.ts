/**
 * One of two instances behind one Redis killed for real (SIGKILL of its process) mid-chat: its
 * clients reconnect through the front to the other instance and catch up, and no acknowledged
 * message is lost, neither by its clients nor by anyone else's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestSocket } from '../helpers/sign-in';
import { startFaultApp, type FaultApp } from '../faults/app';
import { startChildInstance, type ChildInstance } from '../faults/instance';
import { startTcpFront, type TcpFront } from '../faults/tcp-front';
import { chatView, emit, fullHistory, send, signInAt, socketAt } from '../faults/chat';
import { newGame, unique } from '../helpers/ids';

const redisUrl = process.env.TEST_REDIS_URL!;
let front: TcpFront;
let doomed: ChildInstance;
let survivor: FaultApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  front = await startTcpFront([]);
  const env = { CHAT_RATE_LIMIT: '10000' };
  doomed = await startChildInstance({ redisUrl, publicUrl: front.url, env });
  survivor = await startFaultApp({ redisUrl, publicUrl: front.url, env });
  // New connections go to the doomed instance while it lives, then to the survivor.
  front.backends.push(doomed.port, survivor.port);
}, 30_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await doomed?.kill();
  await survivor?.close();
  await front?.close();
});

/** Signed in through the front; the socket goes through the front (reconnecting) or to the survivor. */
async function fan(name: string, via: 'front' | 'survivor') {
  const login = unique(name);
  const client = await signInAt(front.url, login);
  const url = via === 'front' ? front.url : survivor.directUrl;
  const socket = await socketAt(url, client.cookieHeader(), { reconnection: via === 'front' });
  sockets.push(socket);
  return { login, socket };
}

const onSurvivor = (login: string) =>
  [...survivor.app.io.of('/').sockets.values()].some((socket) => socket.data.login === login);

describe('one of two instances killed mid-chat', () => {
  it('moves its clients to the other instance with every acknowledged message', async () => {
    const gameId = newGame();
    const carol = await fan('carol', 'front');
    const frank = await fan('frank', 'front');
    const dave = await fan('dave', 'survivor');
    expect(onSurvivor(carol.login) || onSurvivor(frank.login)).toBe(false); // both on the doomed one
    const views = [chatView(carol.socket, gameId), chatView(frank.socket, gameId)];
    await Promise.all(views.map((view) => view.join()));
    await emit(dave.socket, 'chat:join', { gameId });

    // Everyone keeps talking; sends whose acknowledgement never comes (in flight at the kill) are
    // not acknowledged, so nobody was told they were delivered.
    const acknowledged: Array<{ id: string; text: string }> = [];
    let stop = false;
    const talk = async (socket: TestSocket, who: string) => {
      for (let i = 0; !stop; i++) {
        const text = `${who} ${i}`;
        try {
          const ack = await send(socket, gameId, text, 1500);
          if (ack.ok) acknowledged.push({ id: ack.data.id, text });
        } catch {
          // no acknowledgement: the instance died with it
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const talking = [talk(dave.socket, 'dave'), talk(carol.socket, 'carol'), talk(frank.socket, 'frank')];
    const said = (who: string) => acknowledged.filter((a) => a.text.startsWith(who)).length;
    await vi.waitFor(() => expect(Math.min(said('dave'), said('carol'), said('frank'))).toBeGreaterThan(5));

    const caughtUp = views.map((view) => view.nextCatchUp());
    await doomed.kill();
    const daveBeforeReturn = said('dave');
    await Promise.all(caughtUp);
    expect(onSurvivor(carol.login) && onSurvivor(frank.login)).toBe(true);
    // The survivor never stopped serving: dave was acknowledged while the others were away.
    expect(said('dave')).toBeGreaterThan(daveBeforeReturn);
    const carolAfter = said('carol');
    await vi.waitFor(() => expect(said('carol')).toBeGreaterThan(carolAfter + 5), { timeout: 10_000 });
    stop = true;
    await Promise.all(talking);

    // Every acknowledged message is stored, and every client that was moved has every one of them.
    const history = await fullHistory(dave.socket, gameId);
    const stored = new Set(history.map((m) => m.id));
    expect(acknowledged.filter((a) => !stored.has(a.id))).toEqual([]);
    await vi.waitFor(() => {
      for (const view of views) {
        const held = view.ids();
        expect(acknowledged.filter((a) => !held.has(a.id))).toEqual([]);
      }
    });
    // A killed instance saved no session: the clients caught up from the stored history.
    for (const view of views) expect(view.stats()).toEqual({ catchUps: 1, recoveries: 0, gaps: 0 });
  }, 30_000);
});
