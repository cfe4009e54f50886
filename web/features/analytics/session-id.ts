import { STORAGE_KEYS } from '../../../common/constants';
import { SESSION_ID_PATTERN } from './limits';
import { readStorage, writeStorage } from './storage';

const SESSION_ID_BYTES = 16;

// Used when storage is unavailable, so one page load at least keeps one id.
let memorySessionId: string | null = null;

/** A new random session id: 16 random bytes as 32 lowercase hex characters (SPEC.md §9). */
export function createSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The browser's analytics session id, created and stored on first use. */
export function getSessionId(): string {
  const stored = readStorage(STORAGE_KEYS.analyticsSession);
  // A hand-edited or truncated value would make every event fail validation, so it is replaced.
  if (stored && SESSION_ID_PATTERN.test(stored)) return stored;
  const id = memorySessionId ?? createSessionId();
  memorySessionId = id;
  writeStorage(STORAGE_KEYS.analyticsSession, id);
  return id;
}

/** Forgets the session id, so a visitor who opts out leaves no identifier behind. */
export function clearSessionId(): void {
  memorySessionId = null;
  writeStorage(STORAGE_KEYS.analyticsSession, null);
}
