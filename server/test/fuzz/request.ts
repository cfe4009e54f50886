/**
 * A generated request before it is sent (a draft), how it is put on the wire, and how a failure report
 * shows it. Drafts are plain data so fast-check can generate and shrink them, and so a mutation can
 * take a valid request apart in the ways a hostile client would.
 */

/** The three kinds of visitor every operation is tried as. */
export type Role = 'guest' | 'customer' | 'staff';
export const ROLES: readonly Role[] = ['guest', 'customer', 'staff'];

/** JSON text put into a body exactly as written: numbers JSON.stringify cannot write (1e400, 2^53 + 1). */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: Json }
  | { kind: 'multipart'; parts: FormPart[] }
  /** Bytes sent as they are: malformed JSON or multipart, another content type's text. */
  | { kind: 'raw'; bytes: string | Buffer };

/** How a draft carries the CSRF token: its own session's, none, a forged one, or another session's. */
export type CsrfMode = 'valid' | 'missing' | 'forged' | 'other-session';
/** How a draft carries the session cookie: its role's, none, or a well-formed unknown token. */
export type SessionMode = 'own' | 'none' | 'forged';
/** A provider's proof on a webhook: right, left out, wrong, or the header sent twice. */
export type SignatureMode = 'valid' | 'missing' | 'wrong' | 'repeated';

export interface Draft {
  /** `METHOD /path/{param}` as the OpenAPI document names it. */
  operation: string;
  role: Role;
  method: string;
  path: string;
  /** Path parameters, percent-encoded when sent unless `rawParams`. */
  params: Record<string, string>;
  /** The parameters are already encoded (or deliberately mis-encoded). */
  rawParams?: boolean;
  /** Query parameters in order, percent-encoded when sent; a name may repeat. */
  query: [string, string][];
  /** A query string sent as written instead of `query`. */
  rawQuery?: string;
  headers: Record<string, string | string[]>;
  /** The content type: the body's own when undefined, none when null. */
  contentType?: string | string[] | null;
  body: Body;
  csrf: CsrfMode;
  session: SessionMode;
  /** A webhook: the provider that signs it and how. */
  signature?: { provider: 'payment' | 'courier'; mode: SignatureMode };
  /** What was done to the valid request, for the report: `valid`, `control character in orderNotes`. */
  variant: string;
}

/** Writes JSON like JSON.stringify, but keeps `RawJson` as written and own `__proto__` keys as keys. */
export function jsonText(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export const FORM_BOUNDARY = '----pehnavaFuzzBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body as a browser frames it. */
export function multipartBytes(parts: FormPart[], boundary = FORM_BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename=${JSON.stringify(part.filename)}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The body's bytes and the content type it goes with. */
export function payloadOf(body: Body): { bytes?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { bytes: jsonText(body.value), contentType: 'application/json' };
    case 'multipart':
      return {
        bytes: multipartBytes(body.parts),
        contentType: `multipart/form-data; boundary=${FORM_BOUNDARY}`,
      };
    case 'raw':
      return { bytes: body.bytes };
  }
}

/**
 * Percent-encodes like encodeURIComponent, but writes an unpaired surrogate as the three bytes a
 * careless encoder would (WTF-8) instead of throwing: that is what a hostile client sends.
 */
export function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length > 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
        const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
        return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      })
      .join('');
  }
}

/** The URL a draft is sent to: its path with the parameters in, and its query string. */
export function urlOf(draft: Draft): string {
  const path = draft.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = draft.params[name] ?? '';
    return draft.rawParams ? value : percentEncode(value);
  });
  const query =
    draft.rawQuery ??
    draft.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** What a request carried that the server could echo back: its URL and body as text. */
export function sentText(draft: Draft): string {
  const { bytes } = payloadOf(draft.body);
  const body = bytes === undefined ? '' : Buffer.isBuffer(bytes) ? bytes.toString('latin1') : bytes;
  let url = urlOf(draft);
  try {
    url = decodeURIComponent(url);
  } catch {
    // A deliberately broken escape: the raw URL is what the server saw.
  }
  return `${url}\n${body}\n${JSON.stringify(draft.headers)}`;
}

/** A long run of one character, shown as its count, so a 1 MB string fits in a report line. */
function abbreviate(text: string): string {
  return text.replace(/(.)\1{31,}/gsu, (run, char: string) => `${char}…(${[...run].length} times)`);
}

/** Escapes what a terminal would hide or reorder: controls, surrogates, bidi and other format characters. */
function visible(text: string): string {
  return text.replace(
    /[\p{Cc}\p{Cs}\p{Cf}\u2028\u2029]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The request as a failure report shows it: enough to send it again by hand. */
export function describeDraft(draft: Draft): string {
  const { bytes, contentType } = payloadOf(draft.body);
  const type = draft.contentType === undefined ? contentType : draft.contentType;
  const lines = [
    `${draft.method} ${visible(abbreviate(urlOf(draft)))}  (as ${draft.role}: ${draft.variant})`,
  ];
  if (type !== undefined && type !== null) lines.push(`content-type: ${visible(abbreviate(String(type)))}`);
  for (const [name, value] of Object.entries(draft.headers)) {
    lines.push(`${name}: ${visible(abbreviate(String(value)))}`);
  }
  if (draft.csrf !== 'valid') lines.push(`x-csrf-token: ${draft.csrf}`);
  if (draft.session !== 'own' && draft.role !== 'guest') lines.push(`session cookie: ${draft.session}`);
  if (draft.signature) lines.push(`${draft.signature.provider} signature: ${draft.signature.mode}`);
  if (bytes !== undefined) {
    const text = Buffer.isBuffer(bytes) ? bytes.toString('latin1') : bytes;
    lines.push(visible(abbreviate(text)).slice(0, 2000));
  }
  return lines.join('\n    ');
}

/** How big a failing request is, to keep the smallest one of each kind. */
export function sizeOf(draft: Draft): number {
  const { bytes } = payloadOf(draft.body);
  return urlOf(draft).length + (bytes?.length ?? 0) + JSON.stringify(draft.headers).length;
}
