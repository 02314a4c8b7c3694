import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkWebhookHost, guardedLookup } from './webhook-address.js';

/** Per try: the receiver must answer within this time. */
const TIMEOUT_MS = 10_000;

/** `whsec_` + base64 of 24 random bytes; the base64 part is the HMAC key (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">`, keyed with the secret's base64 part. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * POSTs one signed delivery and answers the receiver's status code. Throws when no reply came
 * (connection refused, timeout) and BlockedAddressError for a private address.
 */
export async function sendWebhook(opts: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  allowPrivate: boolean;
  signal: AbortSignal;
}): Promise<number> {
  const url = new URL(opts.url);
  // An IP literal is connected to without a lookup, so it is checked here.
  if (net.isIP(url.hostname.replace(/^\[|\]$/g, ''))) await checkWebhookHost(url.hostname, opts.allowPrivate);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Atelier-Webhooks/1',
    'webhook-id': opts.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(opts.secret, opts.messageId, timestamp, opts.body),
    'content-length': String(Buffer.byteLength(opts.body)),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'POST', headers, lookup: guardedLookup(opts.allowPrivate), signal: AbortSignal.any([opts.signal, AbortSignal.timeout(TIMEOUT_MS)]) },
      (res) => {
        res.resume(); // the body is not needed
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
