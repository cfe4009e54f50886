import { type ReactElement, type RefObject, useEffect, useRef, useState } from 'react';

export const ERROR_SUMMARY_TEXTS = {
  summary: (count: number) =>
    count === 1 ? 'There is 1 problem to fix:' : `There are ${count} problems to fix:`,
} as const;

/** What a form marks as wrong: invalid controls, or the controls of a part flagged with data-invalid. */
const INVALID = '[aria-invalid="true"], [data-invalid] :is(input, select, textarea, button)';

export interface ErrorFocus<T extends HTMLElement> {
  /** Put on the element that holds the form's controls. */
  ref: RefObject<T | null>;
  /**
   * Call after a failed submit with the messages shown: focus goes to the first invalid field. A form
   * whose message already sits in a live region passes none, so it is not read out twice.
   */
  failed: (messages?: readonly string[]) => void;
  /** The visually hidden live region that reads the messages out; render it once inside the form. */
  summary: ReactElement;
}

/**
 * A failed submit must be seen: on a phone the field errors may sit above the screen while focus stays
 * on the button. So the first invalid field takes focus and is scrolled into view once the errors have
 * rendered, and a live region tells screen readers what is wrong.
 */
export function useErrorFocus<T extends HTMLElement = HTMLFormElement>(): ErrorFocus<T> {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  const [messages, setMessages] = useState<readonly string[]>([]);

  // After the render that shows the errors, when the fields carry aria-invalid.
  useEffect(() => {
    if (attempt === 0) return;
    const first = ref.current?.querySelector<HTMLElement>(INVALID);
    if (first) {
      first.focus({ preventScroll: true });
      first.scrollIntoView({ block: 'center' });
      return;
    }
    // An error for the whole form (role="alert" reads it out): bring it into view at least.
    ref.current?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'center' });
  }, [attempt]);

  const failed = (shown: readonly string[] = []) => {
    setMessages(shown.filter(Boolean));
    setAttempt((count) => count + 1);
  };

  const summary = (
    <div aria-live="assertive" className="sr-only">
      {/* A new node per attempt, so the same errors are read out again on the next failed submit. */}
      {messages.length > 0 && (
        <p key={attempt}>
          {ERROR_SUMMARY_TEXTS.summary(messages.length)} {messages.join(' ')}
        </p>
      )}
    </div>
  );

  return { ref, failed, summary };
}
