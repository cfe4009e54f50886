import { useId } from 'react';
import { ANALYTICS_CHOICE_TEXTS } from '../texts';

export interface AnalyticsChoiceProps {
  /** The visitor turned analytics off in this browser. */
  optedOut: boolean;
  /** The browser signals Do Not Track: nothing is sent, whatever the choice. */
  doNotTrack: boolean;
  onChange: (optOut: boolean) => void;
}

/** The analytics opt-out switch on the privacy page (SPEC.md §1, §4). */
export function AnalyticsChoice({ optedOut, doNotTrack, onChange }: AnalyticsChoiceProps) {
  const statusId = useId();
  const status = doNotTrack
    ? ANALYTICS_CHOICE_TEXTS.doNotTrack
    : optedOut
      ? ANALYTICS_CHOICE_TEXTS.off
      : ANALYTICS_CHOICE_TEXTS.on;
  return (
    <div className="mt-4 rounded-xl border border-brand-100 bg-white p-4">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={!optedOut && !doNotTrack}
          disabled={doNotTrack}
          aria-describedby={statusId}
          onChange={(event) => onChange(!event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span className="font-semibold text-stone-900">{ANALYTICS_CHOICE_TEXTS.label}</span>
      </label>
      <p id={statusId} aria-live="polite" className="mt-1.5 pl-8 text-sm text-stone-700">
        {status}
      </p>
    </div>
  );
}
