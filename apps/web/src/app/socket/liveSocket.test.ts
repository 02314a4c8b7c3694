import { describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@atelier/contract';
import { nextReconnect } from './reconnectPolicy';
import { LiveSocket, type SocketLike } from './liveSocket';

describe('nextReconnect', () => {
  it('never reconnects after a normal close (1000)', () => {
    expect(nextReconnect(1000, 0)).toEqual({ reconnect: false });
  });

  it('reconnects up to 3 times, 3000 ms apart, then stays silent', () => {
    expect(nextReconnect(1006, 0)).toEqual({ reconnect: true, attempt: 1, delayMs: 3000 });
    expect(nextReconnect(1006, 1)).toEqual({ reconnect: true, attempt: 2, delayMs: 3000 });
    expect(nextReconnect(1001, 2)).toEqual({ reconnect: true, attempt: 3, delayMs: 3000 });
    expect(nextReconnect(1006, 3)).toEqual({ reconnect: false });
  });

  it('treats the server’s invalid-token close like any other abnormal close', () => {
    expect(nextReconnect(4001, 0)).toMatchObject({ reconnect: true });
  });
});

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Server side of the fake:
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  deliver(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

function setup() {
  FakeSocket.all = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const messages: LiveMessage[] = [];
  const statuses: string[] = [];
  const live = new LiveSocket({
    url: () => 'ws://app.test/ws?token=t',
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => new FakeSocket(url),
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: vi.fn(),
  });
  const runTimer = () => timers.shift()!.fn();
  return { live, timers, messages, statuses, runTimer, sockets: () => FakeSocket.all };
}

describe('LiveSocket', () => {
  it('connects to /ws with the token and hands on valid messages only', () => {
    const { live, messages, sockets } = setup();
    live.connect();
    const socket = sockets()[0];
    expect(socket.url).toBe('ws://app.test/ws?token=t');
    socket.accept();
    socket.deliver({ type: 'connected', userId: 3, message: 'Connected to live updates' });
    socket.deliver('not json');
    socket.deliver({ type: 'variation_progress', batchId: 1 }); // fields missing
    expect(messages).toEqual([{ type: 'connected', userId: 3, message: 'Connected to live updates' }]);
  });

  it('reconnects three times, 3000 ms apart, after abnormal closes, then stays silent', () => {
    const { live, timers, runTimer, sockets, statuses } = setup();
    live.connect();
    for (let attempt = 1; attempt <= 3; attempt++) {
      sockets().at(-1)!.drop(1006);
      expect(timers).toHaveLength(1);
      expect(timers[0].ms).toBe(3000);
      runTimer();
      expect(sockets()).toHaveLength(attempt + 1);
    }
    sockets().at(-1)!.drop(1006);
    expect(timers).toHaveLength(0);
    expect(sockets()).toHaveLength(4);
    expect(statuses.at(-1)).toBe('closed');
  });

  it('does not reconnect after the server closes with 1000', () => {
    const { live, timers, sockets } = setup();
    live.connect();
    sockets()[0].accept();
    sockets()[0].drop(1000);
    expect(timers).toHaveLength(0);
    expect(live.currentStatus).toBe('closed');
  });

  it('starts counting again after a successful connection', () => {
    const { live, timers, runTimer, sockets } = setup();
    live.connect();
    sockets()[0].drop(1006);
    runTimer();
    sockets()[1].drop(1006);
    runTimer();
    sockets()[2].accept(); // back online
    sockets()[2].drop(1006);
    expect(timers).toHaveLength(1);
    runTimer();
    expect(sockets()).toHaveLength(4);
  });

  it('closes with 1000 on sign-out and schedules nothing', () => {
    const { live, timers, sockets } = setup();
    live.connect();
    sockets()[0].accept();
    live.close();
    expect(sockets()[0].closedWith).toBe(1000);
    expect(timers).toHaveLength(0);
  });

  it('re-sends channel subscriptions after a reconnect, but not dropped ones', () => {
    const { live, runTimer, sockets } = setup();
    live.connect();
    live.send({ type: 'subscribe_generation', inputImageId: 7 }); // before open: remembered
    live.send({ type: 'subscribe_masks', inputImageId: 7 });
    sockets()[0].accept();
    expect(sockets()[0].sent.map((s) => JSON.parse(s).type)).toEqual(['subscribe_generation', 'subscribe_masks']);
    live.send({ type: 'unsubscribe_masks', inputImageId: 7 });
    sockets()[0].drop(1006);
    runTimer();
    sockets()[1].accept();
    expect(sockets()[1].sent).toEqual([JSON.stringify({ type: 'subscribe_generation', inputImageId: 7 })]);
  });
});
