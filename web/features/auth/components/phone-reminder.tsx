import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { useUpdateLastReminderMutation } from '../api/update-last-reminder';
import { msUntilReminderDue, shouldShowPhoneReminder } from '../lib/phone-reminder';
import { useSession } from '../session';
import { REMINDER_TEXTS, SESSION_TEXTS } from '../texts';

/**
 * The phone reminder (SPEC.md §4): for a signed-in shopper with an unverified mobile number who was never
 * reminded or not in the last 24 hours. Close and Update Now refresh the session, record the reminder on
 * the server, then close; Update Now also goes to /profile.
 *
 * `held`: the page must not be interrupted (checkout, paying); the reminder stays due and comes up
 * on the next page that allows it.
 */
export function PhoneReminder({ held = false }: { held?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const mutation = useUpdateLastReminderMutation();
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = {
    isAuthenticated: session.isAuthenticated,
    isMobVerified: session.isMobVerified,
    lastPhoneReminder: session.lastPhoneReminder,
  };
  const due = shouldShowPhoneReminder(state, now);
  const wait = msUntilReminderDue(state, now);

  // If the 24 hours run out while the page is open, the reminder comes up then.
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [wait]);

  // A new reminder window (after a sign-in, or 24 hours on) may show it again.
  const reminderKey = `${session.user?._id ?? ''}|${session.lastPhoneReminder?.getTime() ?? ''}`;
  const [previousKey, setPreviousKey] = useState(reminderKey);
  if (reminderKey !== previousKey) {
    setPreviousKey(reminderKey);
    setNow(Date.now());
    if (!busy) setDismissed(false);
  }

  // While the status is being re-read (right after sign-in) the reminder waits for the real answer.
  const open = due && !dismissed && !held && (!session.isRefreshing || busy);

  async function finish(then?: () => void) {
    if (busy) return;
    setBusy(true);
    await session.refresh();
    try {
      const { lastPhoneReminder } = await mutation.mutateAsync();
      session.setLastPhoneReminder(lastPhoneReminder ? new Date(lastPhoneReminder) : new Date());
    } catch {
      toast.error(SESSION_TEXTS.reminderFailed);
    }
    setDismissed(true);
    setBusy(false);
    then?.();
  }

  return (
    <Modal
      open={open}
      title={REMINDER_TEXTS.title}
      closeLabel={REMINDER_TEXTS.close}
      onClose={() => void finish()}
    >
      <p>{REMINDER_TEXTS.body}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void finish(() => void navigate('/profile'))}
        className="btn-secondary mt-4 w-full"
      >
        {REMINDER_TEXTS.updateNow}
      </button>
    </Modal>
  );
}
