import { STORAGE_KEYS } from '../../../common/constants';
import { clearSessionId } from './session-id';
import { readStorage, writeStorage } from './storage';

/** Browser privacy signals that are not in TypeScript's DOM types yet (or only in older browsers). */
type PrivacySignals = {
  navigator: Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  window: Window & { doNotTrack?: string };
};

/** True when the visitor opted out on the privacy page. */
export function isAnalyticsOptedOut(): boolean {
  return readStorage(STORAGE_KEYS.analyticsOptOut) === '1';
}

/** Turns analytics off (or back on) for this browser; opting out also forgets the session id. */
export function setAnalyticsOptOut(optOut: boolean): void {
  writeStorage(STORAGE_KEYS.analyticsOptOut, optOut ? '1' : null);
  if (optOut) clearSessionId();
}

/** True when the browser signals Do Not Track or Global Privacy Control. */
export function browserSignalsDoNotTrack(): boolean {
  const { navigator: nav, window: win } = { navigator, window } as PrivacySignals;
  return (
    nav.doNotTrack === '1' ||
    nav.msDoNotTrack === '1' ||
    win.doNotTrack === '1' ||
    nav.globalPrivacyControl === true
  );
}

/** Whether anything may be sent at all (SPEC.md §4). */
export function isTrackingAllowed(): boolean {
  return !isAnalyticsOptedOut() && !browserSignalsDoNotTrack();
}
