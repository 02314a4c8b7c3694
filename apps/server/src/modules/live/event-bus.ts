import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '@atelier/contract';
import type { Database } from '../../db/client.js';

/**
 * Live events for users. A producer (an API route, a job worker in this or another process)
 * publishes a message for a user; every process's WebSocket hub delivers it to that user's
 * sockets. In-process by default; PostgreSQL LISTEN/NOTIFY when the server runs on PostgreSQL,
 * so several API and worker processes share one stream.
 */
export type LiveListener = (userId: number, message: LiveMessage) => void;

export interface EventBus {
  readonly kind: 'memory' | 'postgres';
  /**
   * Resolves when the message is on its way to every process. A user's messages arrive in the
   * order of the calls, also when a caller does not wait for one before publishing the next.
   */
  publish(userId: number, message: LiveMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void;
  /** Starts receiving (the LISTEN connection). A process that only publishes (a worker) need not start. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const EVENTS_CHANNEL = 'atelier_events';
/** NOTIFY payloads are limited to 8000 bytes; messages are kept well below. */
export const MAX_EVENT_BYTES = 7900;

class Listeners {
  private readonly emitter = new EventEmitter();
  constructor(private readonly log: FastifyBaseLogger) {
    this.emitter.setMaxListeners(0);
  }
  add(listener: LiveListener): () => void {
    const wrapped = (userId: number, message: LiveMessage) => {
      try {
        listener(userId, message);
      } catch (err) {
        this.log.error({ err }, 'live listener failed');
      }
    };
    this.emitter.on('event', wrapped);
    return () => this.emitter.off('event', wrapped);
  }
  emit(userId: number, message: LiveMessage): void {
    this.emitter.emit('event', userId, message);
  }
}

export class InProcessEventBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly listeners: Listeners;
  constructor(log: FastifyBaseLogger) {
    this.listeners = new Listeners(log);
  }
  async publish(userId: number, message: LiveMessage): Promise<void> {
    // Delivered on the next tick, as NOTIFY would be: a publisher never runs socket code inline.
    queueMicrotask(() => this.listeners.emit(userId, message));
  }
  subscribe(listener: LiveListener): () => void {
    return this.listeners.add(listener);
  }
  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

interface Envelope {
  u: number;
  m: LiveMessage;
  /** The publishing bus (process), which delivered the message to its own sockets itself. */
  o: string;
}

/**
 * LISTEN/NOTIFY on channel `atelier_events`: publish is `pg_notify` through the pool; one
 * dedicated connection LISTENs and reconnects (with back-off) when it drops. A process's own
 * messages reach its own sockets in process, at once and whether or not that connection is up;
 * the NOTIFY names its origin, and the origin skips it on receipt. Other processes' messages sent
 * while the connection is down are lost; clients refetch their lists after a reconnect.
 */
export class PostgresEventBus implements EventBus {
  readonly kind = 'postgres' as const;
  private readonly listeners: Listeners;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = 500;
  private readonly origin = crypto.randomUUID();
  /** Per user, the last NOTIFY on its way: the next waits for it (pool connections would not keep the order). */
  private readonly sending = new Map<number, Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.listeners = new Listeners(log);
  }

  async publish(userId: number, message: LiveMessage): Promise<void> {
    const payload = JSON.stringify({ u: userId, m: message, o: this.origin } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_EVENT_BYTES) {
      this.log.error({ type: message.type, bytes: Buffer.byteLength(payload) }, 'live message too large for NOTIFY; dropped');
      return;
    }
    // On the next tick, as the other processes get it: a publisher never runs socket code inline.
    queueMicrotask(() => this.listeners.emit(userId, message));
    const previous = this.sending.get(userId);
    const notify = () => this.database.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).then(() => undefined);
    const sent = previous ? previous.then(notify, notify) : notify();
    this.sending.set(userId, sent);
    try {
      await sent;
    } finally {
      if (this.sending.get(userId) === sent) this.sending.delete(userId);
    }
  }

  subscribe(listener: LiveListener): () => void {
    return this.listeners.add(listener);
  }

  async start(): Promise<void> {
    if (this.client || this.reconnectTimer || this.closed) return;
    await this.connect();
  }

  private async connect(): Promise<void> {
    // One LISTEN connection at a time (a second would deliver every message twice).
    if (this.client || this.closed) return;
    const client = new pg.Client({ connectionString: this.database.connectionString, application_name: 'atelier-events' });
    client.on('notification', (n) => {
      // A connection given up on may still hand over what was in flight: only the current one delivers.
      if (n.channel !== EVENTS_CHANNEL || !n.payload || this.client !== client) return;
      try {
        const env = JSON.parse(n.payload) as Envelope;
        if (env.o === this.origin) return;
        if (Number.isInteger(env.u) && env.m && typeof env.m.type === 'string') this.listeners.emit(env.u, env.m);
      } catch (err) {
        this.log.warn({ err }, 'unreadable live event');
      }
    });
    const onLost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('end');
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'live events connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      this.reconnectDelay = 500;
    } catch (err) {
      onLost(err as Error);
      if (!this.reconnectTimer) throw err;
    }
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.closed) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((err) => this.log.warn({ err }, 'live events reconnect failed'));
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}

/** PostgreSQL LISTEN/NOTIFY on PostgreSQL, in-process on PGlite (one process owns a PGlite directory). */
export function createEventBus(database: Database, log: FastifyBaseLogger): EventBus {
  return database.kind === 'postgres' ? new PostgresEventBus(database, log) : new InProcessEventBus(log);
}
