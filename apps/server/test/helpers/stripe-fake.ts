import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A contract fake of the part of Stripe's API that billing uses, speaking Stripe's documented
 * wire format: form-encoded request bodies with bracketed keys (`line_items[0][price]`), JSON
 * objects with `object` and `id`, lists as `{object: 'list', data, has_more}`, errors as
 * `{error: {type, message}}`. stripe-node is pointed at it with host/port/protocol.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

type Obj = Record<string, unknown>;

/** `a[b][0][c]=v` pairs → nested objects/arrays, as Stripe reads them. */
export function parseStripeForm(params: URLSearchParams): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of params) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj | unknown[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      const k: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        if (container[k] === undefined) container[k] = nextIsIndex ? [] : {};
        node = container[k] as Obj | unknown[];
      }
    }
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;

export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  lookup_key: string;
  unit_amount: number;
  type: 'one_time' | 'recurring';
  recurring: { interval: 'month' | 'year'; interval_count: number } | null;
  product: string;
}

export interface StripeFake {
  url: string;
  port: number;
  requests: RecordedRequest[];
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Obj[];
  prices: FakePrice[];
  addPrice(lookupKey: string, unitAmount: number, interval: 'month' | 'year' | null): FakePrice;
  /** What the customer does on Stripe's page: pays. Creates the subscription for subscription mode. */
  completeCheckout(sessionId: string, opts?: { periodStart?: number }): Obj;
  /** The subscription moves to its next period (a renewal). */
  renew(subscriptionId: string): Obj;
  /** Any change to the stored subscription (status, cancel_at_period_end, price). */
  updateSubscription(subscriptionId: string, patch: Obj): Obj;
  setPrice(subscriptionId: string, lookupKey: string): Obj;
  /** The item's quantity changes (the portal's seat change, confirmed). */
  setQuantity(subscriptionId: string, quantity: number): Obj;
  /** Uses the legacy shape: the period on the subscription, not on its items (API before 2025-03-31). */
  makeLegacy(subscriptionId: string): Obj;
  close(): Promise<void>;
  client(): Stripe.StripeConfig;
}

export function signedEvent(secret: string, type: string, object: Obj, id = rid('evt')): { payload: string; header: string; id: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header, id };
}

function addMonthsUnix(ts: number, months: number): number {
  const d = new Date(ts * 1000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const prices: FakePrice[] = [];
  const portalSessions = new Map<string, Obj>();
  /** What the fake remembers about a session beyond Stripe's own fields. */
  const sessionInputs = new Map<string, { items: { price: string; quantity: string }[]; subscriptionData: Obj | null }>();

  const priceById = (id: string) => prices.find((p) => p.id === id);
  const priceByKey = (key: string) => prices.find((p) => p.lookup_key === key && p.active);

  function subscriptionItem(subId: string, price: FakePrice, quantity: number, start: number, end: number): Obj {
    return {
      id: rid('si'),
      object: 'subscription_item',
      subscription: subId,
      price,
      quantity,
      current_period_start: start,
      current_period_end: end,
    };
  }

  function periodEnd(start: number, price: FakePrice) {
    return addMonthsUnix(start, price.recurring?.interval === 'year' ? 12 : 1);
  }

  function listOf(data: unknown[], url: string) {
    return { object: 'list', data, has_more: false, url };
  }

  function fail(res: http.ServerResponse, status: number, message: string, param?: string) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, param } }));
  }

  function route(method: string, path: string, query: Obj, body: Obj): [number, unknown] | null {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: rid('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: now() };
      customers.set(c.id, c);
      return [200, c];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (query.lookup_keys as string[] | undefined) ?? [];
      const data = prices.filter((p) => keys.includes(p.lookup_key) && (query.active === undefined || String(p.active) === query.active));
      return [200, listOf(data.slice(0, Number(query.limit ?? 10)), '/v1/prices')];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as { price: string; quantity: string }[]) ?? [];
      if (!body.success_url) return [400, 'Missing required param: success_url.'];
      if (!['subscription', 'payment'].includes(String(body.mode))) return [400, 'Invalid mode'];
      if (body.customer && !customers.has(String(body.customer))) return [400, `No such customer: '${body.customer}'`];
      const price = items[0] && priceById(items[0].price);
      if (!price) return [400, 'No such price'];
      // Stripe requires a quantity with every price line item, a positive whole number.
      for (const [i, item] of items.entries()) {
        if (item.quantity === undefined) return [400, `Missing required param: line_items[${i}][quantity].`];
        if (!/^[1-9][0-9]*$/.test(String(item.quantity))) return [400, `Invalid integer: ${item.quantity}`];
      }
      if (body.mode === 'subscription' && price.type !== 'recurring') return [400, 'subscription mode needs a recurring price'];
      if (body.mode === 'payment' && price.type !== 'one_time') return [400, 'payment mode needs a one-time price'];
      const id = rid('cs_test');
      const s: Obj = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        payment_intent: null,
        amount_total: price.unit_amount * Number(items[0].quantity),
        currency: price.currency,
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: now(),
      };
      sessions.set(id, s);
      sessionInputs.set(id, { items, subscriptionData: (body.subscription_data as Obj | undefined) ?? null });
      return [200, s];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const s = sessions.get(m[1]);
      return s ? [200, s] : [404, `No such checkout.session: '${m[1]}'`];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer || !customers.has(String(body.customer))) return [400, `No such customer: '${body.customer}'`];
      const flow = body.flow_data as Obj | undefined;
      if (flow?.type === 'subscription_update_confirm') {
        const confirm = flow.subscription_update_confirm as { subscription: string; items: { id: string; price: string; quantity?: string }[] };
        const sub = subscriptions.get(confirm.subscription);
        if (!sub) return [400, `No such subscription: '${confirm.subscription}'`];
        const items = (sub.items as { data: Obj[] }).data;
        if (!items.some((i) => i.id === confirm.items[0]?.id)) return [400, 'No such subscription item'];
        if (!priceById(confirm.items[0].price)) return [400, 'No such price'];
        const q = confirm.items[0].quantity;
        if (q !== undefined && !/^[1-9][0-9]*$/.test(String(q))) return [400, `Invalid integer: ${q}`];
      }
      const id = rid('bps');
      const p = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        flow: flow ?? null,
        url: `https://billing.stripe.com/p/session/${id}`,
        created: now(),
      };
      portalSessions.set(id, p);
      return [200, p];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const s = subscriptions.get(m[1]);
      return s ? [200, s] : [404, `No such subscription: '${m[1]}'`];
    }
    if (method === 'DELETE' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      // Cancel a subscription: ends it at once (Stripe answers with the canceled subscription).
      const s = subscriptions.get(m[1]);
      if (!s) return [404, `No such subscription: '${m[1]}'`];
      if (s.status === 'canceled') return [400, `A canceled subscription can only update its cancellation_details and metadata.`];
      Object.assign(s, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return [200, s];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = invoices.filter((i) => i.customer === query.customer);
      return [200, listOf(data.slice(0, Number(query.limit ?? 10)), '/v1/invoices')];
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = parseStripeForm(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const query = parseStripeForm(url.searchParams);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body, headers: req.headers });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return fail(res, 401, 'Invalid API Key provided');
      }
      if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return fail(res, 400, `Unsupported content type ${req.headers['content-type']}`);
      }
      const result = route(req.method ?? 'GET', url.pathname, query, body);
      if (!result) return fail(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
      const [status, payload] = result;
      if (status >= 400) return fail(res, status, String(payload));
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fake: StripeFake = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    prices,
    addPrice(lookupKey, unitAmount, interval) {
      const p: FakePrice = {
        id: rid('price'),
        object: 'price',
        active: true,
        currency: 'eur',
        lookup_key: lookupKey,
        unit_amount: unitAmount,
        type: interval ? 'recurring' : 'one_time',
        recurring: interval ? { interval, interval_count: 1 } : null,
        product: rid('prod'),
      };
      prices.push(p);
      return p;
    },
    completeCheckout(sessionId, opts = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      const input = sessionInputs.get(sessionId)!;
      const price = priceById(input.items[0].price)!;
      const quantity = Number(input.items[0].quantity);
      if (s.mode === 'subscription') {
        const id = rid('sub');
        const start = opts.periodStart ?? now();
        const subData = input.subscriptionData ?? {};
        const sub: Obj = {
          id,
          object: 'subscription',
          customer: s.customer,
          status: 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          billing_cycle_anchor: start,
          created: start,
          metadata: subData.metadata ?? {},
          items: { object: 'list', data: [subscriptionItem(id, price, quantity, start, periodEnd(start, price))], has_more: false },
        };
        subscriptions.set(id, sub);
        s.subscription = id;
        invoices.unshift({
          id: rid('in'),
          object: 'invoice',
          customer: s.customer,
          number: `INV-${invoices.length + 1001}`,
          created: start,
          status: 'paid',
          amount_due: price.unit_amount * quantity,
          amount_paid: price.unit_amount * quantity,
          currency: 'eur',
          description: null,
          hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
          invoice_pdf: `https://pay.stripe.com/invoice/${id}/pdf`,
          lines: { object: 'list', data: [{ description: `${quantity} × ${price.lookup_key}` }], has_more: false },
          parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata: {} } },
        });
      } else {
        s.payment_intent = rid('pi');
      }
      return s;
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = (sub.items as { data: Obj[] }).data[0];
      const price = item.price as FakePrice;
      const start = item.current_period_end as number;
      item.current_period_start = start;
      item.current_period_end = periodEnd(start, price);
      return sub;
    },
    updateSubscription(subscriptionId, patch) {
      const sub = subscriptions.get(subscriptionId)!;
      Object.assign(sub, patch);
      return sub;
    },
    setPrice(subscriptionId, lookupKey) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = (sub.items as { data: Obj[] }).data[0];
      item.price = priceByKey(lookupKey)!;
      return sub;
    },
    setQuantity(subscriptionId, quantity) {
      const sub = subscriptions.get(subscriptionId)!;
      (sub.items as { data: Obj[] }).data[0].quantity = quantity;
      return sub;
    },
    makeLegacy(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = (sub.items as { data: Obj[] }).data[0];
      sub.current_period_start = item.current_period_start;
      sub.current_period_end = item.current_period_end;
      delete item.current_period_start;
      delete item.current_period_end;
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    client: () => ({ host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
  };
  return fake;
}
