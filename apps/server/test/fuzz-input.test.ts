import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createInputImage, createSubscribedUser, type GenUser } from '../src/modules/generation/generation.test-helpers.js';
import { createRegions } from '../src/modules/masks/masks.test-helpers.js';
import { makePng, multipartBody, storedFiles, type MultipartPart } from '../src/modules/images/images.test-helpers.js';
import { findNulPath, NUL_CHARACTER_CODE } from '../src/lib/nul-characters.js';
import { MALFORMED_MULTIPART_CODE } from '../src/lib/multipart.js';

/**
 * Bad input on every route the app has (enumerated from Fastify as they are added, so a new
 * route is fuzzed without touching this file): a NUL in each string a route takes (path
 * parameters, query, every string of its JSON body's zod schema, every multipart text part), and
 * the three malformed multipart bodies on every multipart route. Each answers 400 `{message,
 * code}` naming the problem, and no row or file is stored.
 */

const routes: RouteOptions[] = [];
let t: TestApp;
let ada: GenUser;
let countAll: () => Promise<Record<string, number>>;

/** POST/PUT/PATCH routes that declare no body because they take none; any other must declare one. */
const BODYLESS_WRITES = new Set<string>([
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'POST /api/subscription/portal',
  'POST /api/billing/local/sessions/:id/complete',
  'POST /api/billing/local/sessions/:id/cancel',
  'POST /api/gallery/images/:id/open-in-create',
  'POST /api/explore/images/:id/use-as-input',
  'POST /api/team/interest',
  'POST /api/teams/:teamId/invitations/:invitationId/resend',
]);

beforeAll(async () => {
  t = await createTestApp({
    env: { WORKERS_IN_PROCESS: 'false', AUTH_RATE_LIMIT: '100000', USER_RATE_LIMIT: '100000', API_KEY_RATE_LIMIT: '100000' },
    onRoute: (route) => routes.push(route),
  });
  ada = await createSubscribedUser(t.app, { credits: 50 });
  countAll = await rowCounter(t);
}, 60_000);
afterAll(() => t?.close());

/** Row counts of every table (the app's and the job queue's), in one query. */
async function rowCounter(test: TestApp): Promise<() => Promise<Record<string, number>>> {
  const tables = (await test.app.ctx.db.execute(
    sql`SELECT table_schema AS s, table_name AS n FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  )) as unknown as { rows: Array<{ s: string; n: string }> };
  const q = `SELECT ${tables.rows.map((r, i) => `(SELECT count(*)::int FROM "${r.s}"."${r.n}") AS c${i}`).join(', ')}`;
  return async () => {
    const { rows } = (await test.app.ctx.db.execute(sql.raw(q))) as unknown as { rows: Array<Record<string, number>> };
    return Object.fromEntries(tables.rows.map((r, i) => [`${r.s}.${r.n}`, Number(rows[0][`c${i}`])]));
  };
}

/** The rows and files there are now, to compare after a request. */
async function snapshot() {
  return { rows: await countAll(), files: storedFiles(t.dataDir) };
}

interface Endpoint {
  method: string;
  url: string;
  params: string[];
  query: z.ZodType | undefined;
  body: z.ZodType | undefined;
  multipart: boolean;
}

/** Each route once (HEAD routes are GET's twins), with what it takes. */
function endpoints(): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const r of routes) {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const schema = (r.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType; consumes?: string[] };
      const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      if (r.url.endsWith('*')) params.push('*');
      seen.set(`${method} ${r.url}`, {
        method,
        url: r.url,
        params,
        query: schema.querystring,
        body: schema.body,
        multipart: (schema.consumes ?? []).includes('multipart/form-data'),
      });
    }
  }
  return [...seen.values()];
}

const unknownSchemaTypes: string[] = [];

/** The dotted paths of every string a zod schema accepts (object keys, array items, record values, union options). */
function stringPaths(schema: z.ZodType, path: string, where: string, depth = 0): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const sub = (s: unknown, p = path) => stringPaths(s as z.ZodType, p, where, depth + 1);
  if (depth > 8) return [];
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
    case 'template_literal':
    case 'unknown':
    case 'any':
      return [path];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => sub(v, path ? `${path}.${k}` : k));
    case 'array':
      return sub(def.element, path ? `${path}.0` : '0');
    case 'tuple':
      return (def.items as unknown[]).flatMap((v, i) => sub(v, path ? `${path}.${i}` : String(i)));
    case 'record':
      return [...sub(def.valueType, path ? `${path}.k` : 'k')];
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap((o) => sub(o)))];
    case 'intersection':
      return [...new Set([...sub(def.left), ...sub(def.right)])];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sub(def.innerType);
    case 'pipe':
      return sub(def.in);
    case 'lazy':
      return sub((def.getter as () => unknown)());
    case 'number':
    case 'int':
    case 'boolean':
    case 'bigint':
    case 'date':
    case 'null':
    case 'undefined':
    case 'never':
    case 'nan':
    case 'transform':
    case 'custom':
      return [];
    default:
      unknownSchemaTypes.push(`${where}: ${def.type} at "${path}"`);
      return [];
  }
}

/** A JSON value with `value` at the dotted path (numeric segments make arrays). */
function valueAt(path: string, value: string): unknown {
  if (path === '') return value;
  const [head, ...rest] = path.split('.');
  const inner = valueAt(rest.join('.'), value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

const NUL_TEXT = 'Brick\u0000wall';
const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) => encodeURIComponent(params[p] ?? '1')).replace(/\*$/, encodeURIComponent(params['*'] ?? 'x'));

/** A 400 `{message, code}` with `code`, whose message names the NUL's field (or matches `says`). */
async function refuses(req: InjectOptions, field: string | null, code: string, says?: RegExp) {
  const res = await t.app.inject(req);
  const what = `${req.method} ${req.url} (${field ?? code}): ${res.statusCode} ${res.body}`;
  expect(res.statusCode, what).toBe(400);
  const body = res.json<{ message: string; code: string }>();
  expect(body.code, what).toBe(code);
  expect(typeof body.message, what).toBe('string');
  if (field !== null) expect(body.message, what).toBe(`${field} must not contain a NUL character`);
  if (says) expect(body.message, what).toMatch(says);
}

/** Runs `requests` and checks that no table has a row more or less and no file came or went. */
async function storesNothing(label: string, requests: () => Promise<void>) {
  const before = await snapshot();
  await requests();
  const after = await snapshot();
  expect(after.rows, `rows changed by ${label}`).toEqual(before.rows);
  expect(after.files, `files changed by ${label}`).toEqual(before.files);
}

/** One refused request that stores nothing. */
const expectRefused = (req: InjectOptions, field: string | null, code: string) =>
  storesNothing(`${req.method} ${req.url}`, () => refuses(req, field, code));

/** The sweeps check the store once per route (every refusal of the route in between). */
const perRoute = (e: Endpoint, requests: () => Promise<void>) => storesNothing(`${e.method} ${e.url}`, requests);

describe('every route refuses a NUL character in any string it takes', () => {
  it('covers every route that writes: each declares the body it takes', () => {
    const undeclared = endpoints()
      .filter((e) => ['POST', 'PUT', 'PATCH'].includes(e.method) && !e.body && !e.multipart)
      .map((e) => `${e.method} ${e.url}`)
      .filter((k) => !BODYLESS_WRITES.has(k));
    expect(undeclared, 'routes that take a body without declaring its schema (declare it, or list them as body-less)').toEqual([]);
  });

  it('answers 400 naming the path parameter, and stores nothing', async () => {
    const withParams = endpoints().filter((e) => e.params.length > 0);
    expect(withParams.length).toBeGreaterThan(10);
    for (const e of withParams) {
      await perRoute(e, async () => {
        for (const p of e.params) {
          const url = fill(e.url, { [p]: NUL_TEXT });
          await refuses({ method: e.method as InjectOptions['method'], url, headers: ada.headers }, p, NUL_CHARACTER_CODE);
        }
      });
    }
  }, 60_000);

  it('answers 400 naming the query field, and stores nothing', async () => {
    const withQuery = endpoints().filter((e) => e.query);
    expect(withQuery.length).toBeGreaterThan(10);
    for (const e of withQuery) {
      // A query value is always a string on the wire, whatever the schema makes of it.
      const keys = Object.keys(((e.query as unknown as { _zod: { def: { shape?: object } } })._zod.def.shape ?? { q: 1 }) as object);
      await perRoute(e, async () => {
        for (const k of keys) {
          const url = `${fill(e.url, {})}?${new URLSearchParams({ [k]: NUL_TEXT })}`;
          await refuses({ method: e.method as InjectOptions['method'], url, headers: ada.headers }, k, NUL_CHARACTER_CODE);
        }
      });
    }
  }, 60_000);

  it('answers 400 naming each string field of every JSON body, and stores nothing', async () => {
    const withBody = endpoints().filter((e) => e.body);
    expect(withBody.length).toBeGreaterThan(20);
    let fields = 0;
    for (const e of withBody) {
      const paths = stringPaths(e.body!, '', `${e.method} ${e.url}`);
      fields += paths.length;
      await perRoute(e, async () => {
        for (const path of paths) {
          const payload = valueAt(path, NUL_TEXT) as InjectOptions['payload'];
          await refuses({ method: e.method as InjectOptions['method'], url: fill(e.url, {}), headers: ada.headers, payload }, path || 'The request body', NUL_CHARACTER_CODE);
        }
      });
    }
    expect(unknownSchemaTypes, 'schema types this test cannot walk: teach stringPaths them').toEqual([]);
    expect(fields).toBeGreaterThan(50);
  }, 60_000);

  it('answers 400 naming a NUL in an object key of a JSON body', async () => {
    await expectRefused(
      { method: 'PUT', url: '/api/images/input-images/1/settings', headers: ada.headers, payload: { selections: { 'fac\u0000ade': 3 } } },
      'selections.fac\\u0000ade',
      NUL_CHARACTER_CODE,
    );
  });

  it('answers 400 naming a multipart text part that holds a NUL, or a part name that does, on every multipart route', async () => {
    const multipart = endpoints().filter((e) => e.multipart);
    for (const e of multipart) {
      const send = (parts: MultipartPart[]): InjectOptions => {
        const body = multipartBody(parts);
        return { method: e.method as InjectOptions['method'], url: fill(e.url, {}), headers: { ...ada.headers, ...body.headers }, payload: body.payload };
      };
      await perRoute(e, async () => {
        await refuses(send([{ name: 'note', value: NUL_TEXT }]), 'note', NUL_CHARACTER_CODE);
        await refuses(send([{ name: 'no\u0000te', value: 'Brick' }]), null, NUL_CHARACTER_CODE, /^A form field name must not contain a NUL character$/);
      });
    }
  }, 60_000);
});

describe('every multipart route refuses a malformed body', () => {
  const boundary = '----atelierFuzzBoundary';
  const headOf = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="view.png"\r\nContent-Type: image/png\r\n\r\n`;

  it('lists the multipart routes of issue 28 among those it covers', () => {
    const multipart = endpoints()
      .filter((e) => e.multipart)
      .map((e) => `${e.method} ${e.url}`);
    expect(multipart).toEqual(
      expect.arrayContaining([
        'POST /api/images/upload-input',
        'POST /api/plugins/views',
        'POST /api/tweak/upload/mask',
        'POST /api/tweak/add-image',
        'PUT /api/masks/:maskId',
        'POST /api/masks/:inputImageId/regions',
        'POST /api/support/requests',
        'POST /api/auth/me/profile-picture',
      ]),
    );
  });

  const textPart = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
  const request = (e: Endpoint, contentType: string, payload: Buffer): InjectOptions => ({
    method: e.method as InjectOptions['method'],
    url: fill(e.url, {}),
    headers: { ...ada.headers, 'content-type': contentType },
    payload,
  });
  const withBoundary = `multipart/form-data; boundary=${boundary}`;

  it('answers 400 for no boundary, a part cut off and no closing boundary, and stores nothing', async () => {
    const bodies: Array<{ contentType: string; payload: string; says: RegExp }> = [
      { contentType: 'multipart/form-data', payload: `${textPart('name', 'Brick')}\r\n--${boundary}--\r\n`, says: /names no usable boundary/ },
      { contentType: withBoundary, payload: textPart('prompt', 'Warm evening li'), says: /ends without its closing boundary/ },
      {
        contentType: withBoundary,
        payload: `${textPart('name', 'Brick')}\r\n${textPart('prompt', 'Warm evening light')}\r\n`,
        says: /ends without its closing boundary/,
      },
    ];
    const multipart = endpoints().filter((e) => e.multipart);
    for (const e of multipart) {
      await perRoute(e, async () => {
        for (const b of bodies) await refuses(request(e, b.contentType, Buffer.from(b.payload)), null, MALFORMED_MULTIPART_CODE, b.says);
      });
    }
  }, 60_000);

  it('answers 400 for an image upload cut off in its file part or before its closing boundary, and stores nothing', async () => {
    const png = await makePng(64, 48, '#c8553d');
    const fileBodies = (field: string) => [
      { contentType: 'multipart/form-data', payload: Buffer.concat([Buffer.from(headOf(field)), png, Buffer.from(`\r\n--${boundary}--\r\n`)]) },
      { contentType: withBoundary, payload: Buffer.concat([Buffer.from(headOf(field)), png.subarray(0, png.length >> 1)]) },
      { contentType: withBoundary, payload: Buffer.concat([Buffer.from(headOf(field)), png, Buffer.from('\r\n')]) },
    ];
    const multipart = endpoints().filter((e) => e.multipart);
    for (const e of multipart) {
      // The route's own file field reads as malformed; another is refused as unexpected. Either way 400, nothing kept.
      let malformed = 0;
      await perRoute(e, async () => {
        for (const field of ['file', 'view', 'image', 'mask', 'attachment']) {
          for (const b of fileBodies(field)) {
            const res = await t.app.inject(request(e, b.contentType, b.payload));
            const what = `${e.method} ${e.url} (${field}): ${res.statusCode} ${res.body}`;
            expect(res.statusCode, what).toBe(400);
            const reply = res.json<{ code: string; message: string }>();
            expect(reply.message, what).toEqual(expect.any(String));
            if (reply.code === MALFORMED_MULTIPART_CODE) {
              malformed += 1;
              expect(reply.message, what).toMatch(b.contentType.includes('boundary=') ? `the file part "${field}" is cut off` : /no usable boundary/);
            }
          }
        }
      });
      expect(malformed, `${e.method} ${e.url}: its own file field cut off must read as malformed`).toBeGreaterThanOrEqual(3);
    }
  }, 60_000);
});

describe('the stored strings issue 28 found (valid requests but for one NUL)', () => {
  const W = 120;
  const H = 90;
  const band = (y: number): [number, number, number] => (y < H / 3 ? [0xd9, 0xe7, 0xf2] : [0xc8, 0x55, 0x3d]);
  let view: Buffer;
  let idPass: Buffer;
  let inputId: number;
  let maskId: number;

  beforeAll(async () => {
    view = await makePng(W, H, (x, y) => band(y).map((c) => Math.max(0, c - ((x + y) % 9))) as [number, number, number]);
    idPass = await makePng(W, H, (_x, y) => band(y));
    inputId = await createInputImage(t.app, ada.id, 160, 120);
    maskId = (await createRegions(t.app, ada.id, inputId))[0].id;
  });

  const json = (method: InjectOptions['method'], url: string, payload: object): InjectOptions => ({ method, url, headers: ada.headers, payload });
  const form = (method: InjectOptions['method'], url: string, parts: MultipartPart[]): InjectOptions => {
    const body = multipartBody(parts);
    return { method, url, headers: { ...ada.headers, ...body.headers }, payload: body.payload };
  };
  const viewParts = (): MultipartPart[] => [
    { name: 'view', filename: 'camera-01.png', contentType: 'image/png', data: view },
    { name: 'idPass', filename: 'ids.png', contentType: 'image/png', data: idPass },
  ];

  it("refuses an API key's name", () => expectRefused(json('POST', '/api/api-keys', { name: 'Sketch\u0000Up' }), 'name', NUL_CHARACTER_CODE));

  it("refuses a region's name sent as JSON or as a multipart field, on rename and on a new region", async () => {
    await expectRefused(json('PUT', `/api/masks/${maskId}`, { name: 'Hand-made\u0000brick' }), 'name', NUL_CHARACTER_CODE);
    await expectRefused(form('PUT', `/api/masks/${maskId}`, [{ name: 'name', value: 'Hand-made\u0000brick' }]), 'name', NUL_CHARACTER_CODE);
    const mask = await makePng(160, 120, (x) => (x < 40 ? [255, 255, 255] : [0, 0, 0]));
    await expectRefused(
      form('POST', `/api/masks/${inputId}/regions`, [{ name: 'mask', filename: 'mask.png', contentType: 'image/png', data: mask }, { name: 'name', value: 'Oak\u0000door' }]),
      'name',
      NUL_CHARACTER_CODE,
    );
  });

  it("refuses a file's name holding a NUL", () =>
    expectRefused(form('POST', '/api/images/upload-input', [{ name: 'file', filename: 'view\u0000.png', contentType: 'image/png', data: view }]), 'file.filename', NUL_CHARACTER_CODE));

  it('refuses the tweak prompt', () =>
    expectRefused(json('POST', '/api/tweak/prompt', { inputImageId: inputId, prompt: 'Add ivy\u0000 on the wall' }), 'prompt', NUL_CHARACTER_CODE));

  it("refuses an input image's generatedPrompt and selections", async () => {
    await expectRefused(json('PUT', `/api/images/input-images/${inputId}/settings`, { generatedPrompt: 'Dusk\u0000light' }), 'generatedPrompt', NUL_CHARACTER_CODE);
    await expectRefused(json('PUT', `/api/images/input-images/${inputId}/settings`, { selections: { facade: 'brick\u0000' } }), 'selections.facade', NUL_CHARACTER_CODE);
  });

  it('refuses a pushed view whose prompt holds a NUL, and keeps none of its image or regions', () =>
    expectRefused(form('POST', '/api/plugins/views', [...viewParts(), { name: 'prompt', value: 'Warm\u0000evening' }]), 'prompt', NUL_CHARACTER_CODE));

  it('refuses a material name with a NUL escaped inside the materials JSON, on a pushed view and on an upload', async () => {
    const materials = '{"#c8553d": "Hand-made\\u0000brick", "#d9e7f2": "Sky"}';
    await expectRefused(form('POST', '/api/plugins/views', [...viewParts(), { name: 'materials', value: materials }]), 'materials.#c8553d', NUL_CHARACTER_CODE);
    await expectRefused(
      form('POST', '/api/images/upload-input', [
        { name: 'file', filename: 'view.png', contentType: 'image/png', data: view },
        { name: 'idPass', filename: 'ids.png', contentType: 'image/png', data: idPass },
        { name: 'materials', value: materials },
      ]),
      'materials.#c8553d',
      NUL_CHARACTER_CODE,
    );
  });

  it('refuses a NUL escaped inside a JSON form field of Add image', async () => {
    await expectRefused(
      form('POST', '/api/tweak/add-image', [
        { name: 'baseImageId', value: String(inputId) },
        { name: 'image', filename: 'tree.png', contentType: 'image/png', data: view },
        { name: 'position', value: '{"x": 10, "y": "\\u0000"}' },
        { name: 'size', value: '{"width": 40, "height": 30}' },
      ]),
      'position.y',
      NUL_CHARACTER_CODE,
    );
  });

  it('stores a pushed view with its prompt and regions when nothing is wrong (the refusals above are not the route failing)', async () => {
    const res = await t.app.inject(form('POST', '/api/plugins/views', [...viewParts(), { name: 'prompt', value: 'Warm evening' }]));
    expect(res.statusCode, res.body).toBe(201);
    const pushed = res.json<{ inputImageId: number; regions: unknown[] }>();
    expect(pushed.regions).toHaveLength(2);
    const list = await t.app.inject({ method: 'GET', url: '/api/images/input-images', headers: ada.headers });
    const stored = list.json<{ inputImages: Array<{ id: number; generatedPrompt: string | null }> }>().inputImages.find((i) => i.id === pushed.inputImageId);
    expect(stored?.generatedPrompt).toBe('Warm evening');
  });
});

describe('properties', () => {
  it('finds the path of the one string holding a NUL, wherever it sits in a JSON value', () => {
    const clean = fc.jsonValue().filter((v) => findNulPath(v) === null);
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !k.includes('\u0000') && !k.includes('.') && !/^\d+$/.test(k));
    const pathArb = fc.array(fc.oneof(key, fc.nat({ max: 3 })), { maxLength: 4 });
    fc.assert(
      fc.property(clean, pathArb, fc.string(), fc.string(), (value, segs, before, after) => {
        expect(findNulPath(value)).toBeNull();
        // Put a NUL string at `segs` inside a fresh container, beside the clean value.
        let planted: unknown = `${before}\u0000${after}`;
        for (const s of [...segs].reverse()) planted = typeof s === 'number' ? [...Array(s).fill(0), planted] : { [s]: planted };
        expect(findNulPath({ clean: value, planted })).toBe(['planted', ...segs].join('.'));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses any API key name with a NUL anywhere in it, and never stores the key", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), async (a, b) => {
        await expectRefused(json('POST', '/api/api-keys', { name: `${a}\u0000${b}` }), 'name', NUL_CHARACTER_CODE);
      }),
      { numRuns: 15 },
    );
    function json(method: InjectOptions['method'], url: string, payload: object): InjectOptions {
      return { method, url, headers: ada.headers, payload };
    }
  });

  it('refuses an upload cut off at any byte before its closing boundary, and stores nothing', async () => {
    const png = await makePng(80, 60, '#4a7bb7');
    const { payload, headers } = multipartBody([
      { name: 'uploadSource', value: 'CREATE_MODULE' },
      { name: 'file', filename: 'site.png', contentType: 'image/png', data: png },
    ]);
    const closing = payload.lastIndexOf(Buffer.from('\r\n--'));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: closing }), async (cut) => {
        const before = await snapshot();
        const res = await t.app.inject({ method: 'POST', url: '/api/images/upload-input', headers: { ...ada.headers, ...headers }, payload: payload.subarray(0, cut) });
        expect(res.statusCode, `${cut}: ${res.body}`).toBe(400);
        expect(res.json<{ code: string }>().code).toEqual(expect.any(String));
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});
