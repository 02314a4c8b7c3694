import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A contract fake of an OpenAI-compatible Chat Completions API (POST /v1/chat/completions), built
 * from OpenAI's documented wire format: a JSON body with `model` and `messages` (content a string
 * or an array of parts `{type:'text', text}` and `{type:'image_url', image_url:{url}}`), an
 * optional `Authorization: Bearer` key, and the answer
 * `{id, object:'chat.completion', created, model, choices:[{index, message:{role, content}, finish_reason}], usage}`.
 * Errors answer `{error:{message, type, param, code}}` with their status. It checks what it is
 * sent the way the real API would refuse it (400 for a malformed request, 401 for a wrong key).
 */

export interface RecordedChatRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: unknown;
    messages?: Array<{ role?: unknown; content?: unknown }>;
    [k: string]: unknown;
  };
}

export type FakeMode =
  | { kind: 'answer'; content: string | Array<{ type: 'text'; text: string }> }
  | { kind: 'error'; status: number; message: string; code?: string }
  | { kind: 'garbage' }
  | { kind: 'hang' };

export interface OpenAiFake {
  /** e.g. http://127.0.0.1:1234/v1 (the LLM_BASE_URL). */
  baseUrl: string;
  requests: RecordedChatRequest[];
  mode: FakeMode;
  /** The key the fake expects (none = any or none). */
  apiKey: string | null;
  close(): Promise<void>;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function apiError(res: http.ServerResponse, status: number, message: string, type: string, code: string | null = null) {
  sendJson(res, status, { error: { message, type, param: null, code } });
}

/** Whether a message's content is a string or well-formed parts (text, image_url with a data or http URL). */
function validContent(content: unknown): boolean {
  if (typeof content === 'string') return true;
  if (!Array.isArray(content) || content.length === 0) return false;
  return content.every((p) => {
    if (!p || typeof p !== 'object') return false;
    const part = p as { type?: unknown; text?: unknown; image_url?: { url?: unknown } };
    if (part.type === 'text') return typeof part.text === 'string';
    if (part.type === 'image_url') return typeof part.image_url?.url === 'string' && /^(data:image\/(png|jpeg|webp|gif);base64,|https?:)/.test(part.image_url.url);
    return false;
  });
}

export async function startOpenAiFake(opts: { apiKey?: string | null; mode?: FakeMode } = {}): Promise<OpenAiFake> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: OpenAiFake = {
    baseUrl: '',
    requests: [],
    mode: opts.mode ?? { kind: 'answer', content: 'A photorealistic render.' },
    apiKey: opts.apiKey ?? null,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return apiError(res, 404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url');
      if (fake.apiKey !== null && req.headers.authorization !== `Bearer ${fake.apiKey}`)
        return apiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      let body: RecordedChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return apiError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
      fake.requests.push({ path, headers: req.headers, body });
      if (typeof body.model !== 'string' || !body.model) return apiError(res, 400, 'you must provide a model parameter', 'invalid_request_error');
      if (!Array.isArray(body.messages) || body.messages.length === 0) return apiError(res, 400, "Missing required parameter: 'messages'.", 'invalid_request_error');
      for (const m of body.messages) {
        if (!['system', 'user', 'assistant', 'developer'].includes(String(m.role)) || !validContent(m.content))
          return apiError(res, 400, 'Invalid message in messages.', 'invalid_request_error');
      }
      const mode = fake.mode;
      if (mode.kind === 'hang') return; // never answers
      if (mode.kind === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>gateway</html>');
      }
      if (mode.kind === 'error') return apiError(res, mode.status, mode.message, mode.status >= 500 ? 'server_error' : 'invalid_request_error', mode.code ?? null);
      sendJson(res, 200, {
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: mode.content }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 420, completion_tokens: 90, total_tokens: 510 },
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}
