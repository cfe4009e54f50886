import { HttpError } from '../../../lib/api-client';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The `errors: [{path, msg}]` of an API error body, keyed by the last segment of each path. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError)) return {};
  const data = error.data;
  if (!data || typeof data !== 'object' || !('errors' in data) || !Array.isArray(data.errors)) return {};
  const fields: Record<string, string> = {};
  for (const item of data.errors as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { path, msg } = item as { path?: unknown; msg?: unknown };
    if (typeof path !== 'string' || typeof msg !== 'string') continue;
    const field = path.split(/[./]/).filter(Boolean).pop() ?? path;
    fields[field] ??= msg;
  }
  return fields;
}

/** Splits a server error into messages for known fields and one message for the form. */
export function formErrorsFrom<K extends string>(
  error: unknown,
  fields: readonly K[],
  fallback: { noResponse: string; unexpected: string },
): { fieldErrors: FieldErrors<K>; formError: string | null } {
  const byPath = serverFieldErrors(error);
  const fieldErrors: FieldErrors<K> = {};
  const leftOver: string[] = [];
  for (const [path, msg] of Object.entries(byPath)) {
    if ((fields as readonly string[]).includes(path)) fieldErrors[path as K] = msg;
    else leftOver.push(msg);
  }
  let formError: string | null = leftOver.length ? leftOver.join(' ') : null;
  if (!formError && Object.keys(fieldErrors).length === 0) {
    if (error instanceof HttpError) {
      formError =
        error.status < 500 ? (HttpError.messageOf(error.data) ?? fallback.unexpected) : fallback.unexpected;
    } else {
      formError = fallback.noResponse;
    }
  }
  return { fieldErrors, formError };
}
