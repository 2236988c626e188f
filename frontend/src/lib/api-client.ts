// The one API client: bearer token, JSON, errors as '{status}: {text}' (spec §8), 401 signs out.
import { tokenStore } from '@/lib/token-store';

export class ApiError extends Error {
  readonly status: number;
  /** The `message` of the server's JSON error body, when it has one. */
  readonly serverMessage: string | null;
  /** Per-field messages of the server's JSON error body, when it has them. */
  readonly fieldErrors: Record<string, string> | null;

  constructor(
    status: number,
    message: string,
    serverMessage: string | null,
    fieldErrors: Record<string, string> | null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registers what happens on a 401 answer to a signed-in request (the auth provider signs out). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

let lastContact = Date.now();

type WriteListener = (path: string) => void;
const writeListeners = new Set<WriteListener>();

/**
 * Calls `listener` after every successful request that may have changed what the server answers
 * elsewhere: every write, and a file's download (the server records a paper as opened). Answers the
 * function that removes it.
 */
export function onServerWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

const isWrite = (path: string, method: RequestOptions['method']) =>
  (method !== undefined && method !== 'GET') || /\/download(\?|$)/.test(path);

/** When a signed-in request last succeeded: the server counts it as activity of the session. */
export const lastServerContact = (): number => lastContact;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON payload; sent only when given. */
  body?: unknown;
  /** A multipart payload; the browser sets its content type. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Range and If-Range when re-checking a file kept for offline). */
  headers?: Record<string, string>;
  /** Do not sign out on 401 (used by the logout call itself). */
  ignoreUnauthorized?: boolean;
};

async function toApiError(res: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  let serverMessage: string | null = null;
  let fieldErrors: Record<string, string> | null = null;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') {
        const record = parsed as { message?: unknown; errors?: unknown };
        if (typeof record.message === 'string') serverMessage = record.message;
        if (record.errors && typeof record.errors === 'object') {
          fieldErrors = record.errors as Record<string, string>;
        }
      }
    } catch {
      // not JSON: the raw text is the message
    }
  }
  const shown = serverMessage ?? (text || res.statusText || 'Request failed');
  return new ApiError(res.status, `${res.status}: ${shown}`, serverMessage, fieldErrors);
}

/** Sends a request and answers the raw Response when it is OK; throws ApiError otherwise. */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = tokenStore.get();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!options.formData) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);
  const res = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    body:
      options.formData ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    signal: options.signal,
  });
  if (!res.ok) {
    const error = await toApiError(res);
    if (res.status === 401 && token && !options.ignoreUnauthorized) {
      tokenStore.clear();
      unauthorizedHandler?.();
    }
    throw error;
  }
  if (token) lastContact = Date.now();
  if (isWrite(path, options.method)) for (const listener of writeListeners) listener(path);
  return res;
}

async function json<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await request(path, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => json<T>(path, { signal }),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    json<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => json<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => json<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => json<T>(path, { method: 'DELETE' }),
  upload: <T>(path: string, formData: FormData) => json<T>(path, { method: 'POST', formData }),
};

/** The text to show for a failed write: the error's message, or the fallback for non-API failures. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
