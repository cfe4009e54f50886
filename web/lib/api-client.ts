import { API } from '../../common/api-paths';
/**
 * The one HTTP client of the web app (SPEC.md §7): same-origin calls with credentials, the CSRF token
 * in X-CSRF-Token on every POST, PUT, PATCH and DELETE, JSON in and out, and no timeout.
 */

/** The server answered with a status outside 2xx; `data` is its parsed body when there was one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {
    super(HttpError.messageOf(data) ?? `Request failed with status ${status}`);
    this.name = 'HttpError';
  }

  /** The `message` field of an API error body, if it has one. */
  static messageOf(data: unknown): string | undefined {
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
    return undefined;
  }
}

/** The request never got an answer (offline, server down). */
export class NoResponseError extends Error {
  constructor(cause: unknown) {
    super('No response from server.', { cause });
    this.name = 'NoResponseError';
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let csrfToken: string | null = null;

/** Fetches a fresh CSRF token (at start-up, and again before sensitive saves). */
export async function refreshCsrfToken(): Promise<string> {
  const { csrfToken: token } = await request<{ csrfToken: string }>('GET', API.users.csrf);
  csrfToken = token;
  return token;
}

/** The `code` of an API error body, if it has one. */
function codeOf(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'code' in data && typeof data.code === 'string'
    ? data.code
    : undefined;
}

async function request<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: HeadersInit = {},
  isRetry = false,
): Promise<T> {
  const finalHeaders = new Headers(headers);
  // A FormData body (a photo upload) is sent as multipart; the browser writes its Content-Type boundary.
  // A Blob (a CSV file) is sent as it is, as its own type.
  const isForm = body instanceof FormData;
  const isBlob = body instanceof Blob;
  if (isBlob && body.type) finalHeaders.set('Content-Type', body.type);
  else if (body !== undefined && !isForm) finalHeaders.set('Content-Type', 'application/json');
  if (MUTATING.has(method)) {
    if (!csrfToken) await refreshCsrfToken();
    finalHeaders.set('X-CSRF-Token', csrfToken as string);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: finalHeaders,
      body: body === undefined ? undefined : isForm || isBlob ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw new NoResponseError(error);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    // A token dies with the session it is bound to (one that expired while the page was open, or a
    // signed-in session renewed by the server). The server refused before doing anything, so it is safe
    // to fetch a new token and send the same call once more.
    if (response.status === 403 && codeOf(data) === 'CSRF_INVALID' && MUTATING.has(method) && !isRetry) {
      await refreshCsrfToken();
      return request<T>(method, url, body, headers, true);
    }
    throw new HttpError(response.status, response.statusText, data);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string, headers?: HeadersInit) => request<T>('GET', url, undefined, headers),
  post: <T>(url: string, body?: unknown, headers?: HeadersInit) => request<T>('POST', url, body, headers),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
};

/**
 * Builds a query string from only the parameters that have a value (SPEC.md §2); a list repeats its
 * parameter once per value (`size=M&size=L`).
 */
export function toQueryString(
  params: Record<string, string | number | readonly string[] | undefined | null>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const item of typeof value === 'object' ? value : [value]) {
      const text = String(item).trim();
      if (text) search.append(key, text);
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}
