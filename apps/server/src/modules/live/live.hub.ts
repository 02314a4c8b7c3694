import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE_CODES,
  LIVE_CLOSE_REASONS,
  LIVE_LIMITS,
  liveClientMessageSchema,
  type LiveMessage,
} from '@atelier/contract';
import type { EventBus } from './event-bus.js';

/**
 * This process's sockets by user. Every message of the event bus for a user goes to all of that
 * user's sockets here (tabs), and to no one else's. Heartbeats: a ping every `heartbeatMs`; a
 * socket that has not answered the previous ping is terminated. A `session_revoked` event closes
 * the user's sockets with 4003; a client sending more than LIVE_LIMITS allow is closed with 1008.
 */

interface Client {
  socket: WebSocket;
  /** The account whose events the socket receives (a person, or a team's account). */
  userId: number;
  /** The signed-in person (equals userId outside a team workspace). */
  actorId: number;
  alive: boolean;
  subscriptions: Set<string>;
  /** Client messages in the current one-second window, and when that window began. */
  windowStart: number;
  windowMessages: number;
}

export class LiveHub {
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
  ) {
    this.unsubscribe = bus.subscribe((userId, message) => this.deliver(userId, message));
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  get socketCount(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Adopts an authenticated socket; `pending` are the client messages that arrived while it was being authenticated. */
  add(socket: WebSocket, userId: number, pending: Buffer[], actorId: number = userId): void {
    const client: Client = { socket, userId, actorId, alive: true, subscriptions: new Set(), windowStart: Date.now(), windowMessages: 0 };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data: Buffer) => this.onClientMessage(client, data));
    socket.on('close', () => {
      const s = this.byUser.get(userId);
      s?.delete(client);
      if (s && s.size === 0) this.byUser.delete(userId);
    });
    send(socket, { type: 'connected', userId, message: 'Connected to live updates' });
    for (const data of pending) this.onClientMessage(client, data);
  }

  private onClientMessage(client: Client, data: Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    const now = Date.now();
    if (now - client.windowStart >= 1000) {
      client.windowStart = now;
      client.windowMessages = 0;
    }
    if (++client.windowMessages > LIVE_LIMITS.messagesPerSecond) {
      client.socket.close(LIVE_CLOSE_CODES.policyViolation, LIVE_CLOSE_REASONS.tooManyMessages);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      send(client.socket, { type: 'error', message: 'Messages must be JSON' });
      return;
    }
    const result = liveClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      send(client.socket, {
        type: 'error',
        message: 'Unknown message: send subscribe_generation, unsubscribe_generation, subscribe_masks or unsubscribe_masks with an inputImageId',
      });
      return;
    }
    const msg = result.data;
    if (msg.type === 'ping') {
      send(client.socket, { type: 'pong' });
      return;
    }
    const [action, channel] = msg.type.split('_') as ['subscribe' | 'unsubscribe', 'generation' | 'masks'];
    const key = `${channel}:${msg.inputImageId}`;
    if (action === 'subscribe') {
      if (!client.subscriptions.has(key) && client.subscriptions.size >= LIVE_LIMITS.subscriptions) {
        client.socket.close(LIVE_CLOSE_CODES.policyViolation, LIVE_CLOSE_REASONS.tooManySubscriptions);
        return;
      }
      client.subscriptions.add(key);
    } else client.subscriptions.delete(key);
    send(client.socket, { type: action === 'subscribe' ? 'subscribed' : 'unsubscribed', channel, inputImageId: msg.inputImageId });
  }

  private deliver(userId: number, message: LiveMessage): void {
    // A person signed out everywhere: their team-workspace sockets (kept under the team's account) close too.
    if (message.type === 'session_revoked') this.closeTeamSocketsOf(userId, LIVE_CLOSE_CODES.sessionRevoked, LIVE_CLOSE_REASONS.sessionRevoked);
    const set = this.byUser.get(userId);
    if (!set || set.size === 0) return;
    const text = JSON.stringify(message);
    for (const client of set) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      client.socket.send(text);
      if (message.type === 'session_revoked') client.socket.close(LIVE_CLOSE_CODES.sessionRevoked, LIVE_CLOSE_REASONS.sessionRevoked);
      if (message.type === 'workspace_access_revoked' && client.actorId === message.userId) {
        client.socket.close(LIVE_CLOSE_CODES.workspaceRevoked, LIVE_CLOSE_REASONS.workspaceRevoked);
      }
    }
  }

  /** Closes the sockets a person opened on team workspaces (not their personal ones). */
  private closeTeamSocketsOf(actorId: number, code: number, reason: string): void {
    for (const set of this.byUser.values()) {
      for (const client of set) {
        if (client.actorId === actorId && client.userId !== actorId) client.socket.close(code, reason);
      }
    }
  }

  private beat(): void {
    for (const set of this.byUser.values()) {
      for (const client of set) {
        if (!client.alive) {
          this.log.debug({ userId: client.userId }, 'live socket missed a heartbeat; terminated');
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        try {
          client.socket.ping();
        } catch {
          client.socket.terminate();
        }
      }
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const set of this.byUser.values()) {
      for (const client of set) client.socket.close(LIVE_CLOSE_CODES.goingAway, LIVE_CLOSE_REASONS.shuttingDown);
    }
    this.byUser.clear();
  }
}

function send(socket: WebSocket, message: LiveMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
