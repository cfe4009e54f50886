import { useState } from 'react';
import { PASSWORD_TEXTS } from '../texts';

/**
 * The confirm-password rule of SPEC.md §5: "❌ Passwords do not match." live once the shopper has typed
 * in or left the confirm field; "Passwords do not match." when a submit is blocked by a mismatch.
 */
export function useConfirmPassword(password: string) {
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState(false);
  const matches = confirm === password;

  let message: string | null = null;
  if (!matches && submitError) message = PASSWORD_TEXTS.mismatchSubmit;
  else if (!matches && touched) message = PASSWORD_TEXTS.mismatchLive;

  return {
    value: confirm,
    matches,
    message,
    onChange: (next: string) => {
      setConfirm(next);
      setTouched(true);
      setSubmitError(false);
    },
    onBlur: () => setTouched(true),
    /** Call on submit: true when the form may go on, else shows the submit message. */
    checkOnSubmit: () => {
      setSubmitError(!matches);
      return matches;
    },
    reset: () => {
      setConfirm('');
      setTouched(false);
      setSubmitError(false);
    },
  };
}
