import type { UIMatch } from 'react-router';

/** What a route tells the page frame around it (React Router's `handle`). */
export interface RouteHandle {
  /**
   * The shopper is on the way somewhere (signing in or up, checkout, paying): nothing that can wait
   * may pop up over the page. The phone reminder waits for the next page.
   */
  noInterruptions?: true;
}

/** The handle of the pages nothing may interrupt: sign-in, checkout and paying. */
export const UNINTERRUPTED: RouteHandle = { noInterruptions: true };

/** True when any route of the current page asks not to be interrupted. */
export function interruptionsHeld(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => {
    const handle = match.handle as RouteHandle | undefined;
    return handle?.noInterruptions === true;
  });
}
