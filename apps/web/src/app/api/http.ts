import { readStoredToken } from '../../features/auth/store/storedSession';
import { workspaceHeaders } from '../../features/teams/store/storedWorkspace';
import { reportUnauthorized } from './unauthorized';

/** Every call goes to /api on the same host (the Vite dev server proxies it). */
export const API_BASE = '/api';

/** A non-2xx reply. `data` is the parsed body ({ message, code, … } from our server). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(status: number, message: string, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.code = isRecord(data) && typeof data.code === 'string' ? data.code : undefined;
  }
}

/** What a call says when the server could not be reached, where the caller names no message of its own. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach Atelier. Check your connection and try again.';

/**
 * The request never got an answer (offline, DNS, connection reset): fetch rejected with the
 * browser's TypeError ("Failed to fetch"), which is no message for a person. errorMessage shows
 * the call's own message (its fallback, the spec's text) instead.
 */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.name = 'NetworkError';
  }
}

/** A failure with no answer from the server: our NetworkError, a fetch TypeError, or RTK Query's FETCH_ERROR. */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TypeError) return true;
  return isRecord(error) && (error.status === 'FETCH_ERROR' || error.name === 'NetworkError');
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Called (and awaited) before the error is thrown when the reply is a 401. */
  onUnauthorized?: () => Promise<unknown> | unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The server's message if it sent one, else the error's own message, else the fallback. A
 * network failure has no message meant for people: it gets the fallback, the call's spec text.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return fallback;
  if (isRecord(error)) {
    // RTK Query error: { status, data: { message } }
    if (isRecord(error.data) && typeof error.data.message === 'string' && error.data.message) {
      return error.data.message;
    }
    if (typeof error.message === 'string' && error.message) return error.message;
    if (typeof error.error === 'string' && error.error) return error.error;
  }
  return fallback;
}

let earlyMe: { token: string; response: Promise<Response> } | null = null;

/**
 * Start-up (main.tsx, before the app's code loads): GET /auth/me with the stored token. The
 * first apiRequest for GET /auth/me with the same token takes this reply instead of asking again.
 */
export function startEarlyMe(): void {
  const token = readStoredToken();
  if (!token) return;
  const response = fetch(`${API_BASE}/auth/me`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failure is the taker's to handle; one nobody takes is not an unhandled rejection.
  response.catch(() => undefined);
  earlyMe = { token, response };
}

function takeEarlyMe(path: string, method: string, token: string | null, signal: AbortSignal | undefined): Promise<Response> | null {
  if (!earlyMe || path !== '/auth/me' || method !== 'GET' || signal) return null;
  const { token: asked, response } = earlyMe;
  earlyMe = null;
  return asked === token ? response : null;
}

/**
 * fetch() against the API with the stored bearer token. Resolves with the parsed JSON body
 * for 2xx replies and throws an ApiError otherwise. Network failures reject with a
 * NetworkError (an abort still rejects with the AbortError).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...workspaceHeaders() };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  let response: Response;
  let text: string;
  try {
    response = await (takeEarlyMe(path, method, token, options.signal) ??
      fetch(`${API_BASE}${path}`, { method, headers, body, signal: options.signal }));
    text = await response.text();
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError({ cause: err });
  }
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && options.onUnauthorized) await options.onUnauthorized();
    const message = isRecord(data) && typeof data.message === 'string' ? data.message : response.statusText;
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}

/**
 * GET of a file from the API with the stored bearer token (image downloads, which are saved from
 * a blob and so cannot go through RTK Query). Resolves with the 2xx Response; otherwise throws an
 * ApiError, and a 401 first runs the 401 rule (logout, then /login) like every other call.
 */
export async function fetchApiFile(path: string, doFetch: typeof fetch = fetch): Promise<Response> {
  const token = readStoredToken();
  const response = await doFetch(`${API_BASE}${path}`, { headers: { ...workspaceHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  if (response.ok) return response;
  if (response.status === 401) await reportUnauthorized();
  let data: unknown = undefined;
  try {
    data = await response.json();
  } catch {
    // Not JSON: the status text says it.
  }
  const message = isRecord(data) && typeof data.message === 'string' ? data.message : `Download failed (${response.status})`;
  throw new ApiError(response.status, message, data);
}
