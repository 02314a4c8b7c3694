import { liveMessageSchema, type LiveClientMessage, type LiveMessage } from '@atelier/contract';
import { DEFAULT_RECONNECT_POLICY, nextReconnect, type ReconnectPolicy } from './reconnectPolicy';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The parts of the browser's WebSocket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveSocketOptions {
  /** The /ws URL with the token. Read at each (re)connection, so a new token is picked up. */
  url: () => string | null;
  onMessage: (message: LiveMessage) => void;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
  policy?: ReconnectPolicy;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const OPEN = 1;

/**
 * The one live connection (spec §4): /ws?token=…, JSON messages validated against the contract.
 * Reconnects up to 3 times, 3000 ms apart, unless closed with 1000; then stays silent. A
 * successful connection starts the count again. Channel subscriptions are re-sent on reconnect.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private timer: unknown = null;
  private stopped = true;
  private readonly channels = new Set<string>();
  private status: LiveStatus = 'idle';

  constructor(private readonly options: LiveSocketOptions) {}

  get currentStatus(): LiveStatus {
    return this.status;
  }

  connect(): void {
    this.stopped = false;
    this.attempts = 0;
    this.open();
  }

  /** Closes with 1000 (no reconnect). */
  close(): void {
    this.stopped = true;
    this.cancelTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onopen = null;
      socket.close(1000, 'Client closed');
    }
    this.setStatus('closed');
  }

  send(message: LiveClientMessage): void {
    // Subscriptions are remembered and re-sent after a reconnect.
    if (message.type === 'subscribe_generation' || message.type === 'subscribe_masks') this.channels.add(JSON.stringify(message));
    if (message.type === 'unsubscribe_generation' || message.type === 'unsubscribe_masks') {
      this.channels.delete(JSON.stringify({ ...message, type: message.type.replace('unsubscribe', 'subscribe') }));
    }
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private open(): void {
    const url = this.options.url();
    if (!url) {
      this.setStatus('closed');
      return;
    }
    this.setStatus(this.attempts > 0 ? 'reconnecting' : 'connecting');
    const create = this.options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(url);
    } catch {
      this.onClosed(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.setStatus('open');
      for (const channel of this.channels) socket.send(channel);
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const result = liveMessageSchema.safeParse(parsed);
      if (result.success) this.options.onMessage(result.data);
    };
    socket.onerror = () => {
      // onclose follows with the code.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onClosed(event.code);
    };
  }

  private onClosed(code: number): void {
    if (this.stopped) return;
    const decision = nextReconnect(code, this.attempts, this.options.policy ?? DEFAULT_RECONNECT_POLICY);
    if (!decision.reconnect) {
      this.setStatus('closed');
      return;
    }
    this.attempts = decision.attempt;
    this.setStatus('reconnecting');
    const setTimer = this.options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
    this.timer = setTimer(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, decision.delayMs);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    (this.options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }
}
