import { Modal } from '../../components/ui/modal';
import { ADMIN_TEXTS } from '../texts';

/** What a destructive action asks before it runs: the question, what will happen, and its button. */
export interface Confirmation {
  title: string;
  body: string;
  action: string;
  run: () => void;
}

/** Asks to confirm; Cancel has the focus, so a stray Enter changes nothing. */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={confirmation !== null}
      title={confirmation?.title ?? ''}
      onClose={onClose}
      closeLabel={ADMIN_TEXTS.cancel}
      action={
        <button
          type="button"
          className="rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800"
          onClick={() => {
            confirmation?.run();
            onClose();
          }}
        >
          {confirmation?.action}
        </button>
      }
    >
      <p>{confirmation?.body}</p>
    </Modal>
  );
}
