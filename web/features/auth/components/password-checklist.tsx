import { PASSWORD_RULE_TEXTS, passwordChecks } from '../../../../common/schemas/auth';
import { PASSWORD_TEXTS } from '../texts';

const RULES = ['minLength', 'special', 'number', 'uppercase'] as const;

/** The live password checklist of SPEC.md §5, ticking each rule as the shopper types. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const checks = passwordChecks(password);
  return (
    <div id={id} className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm">
      <p className="font-medium text-stone-700">{PASSWORD_TEXTS.checklistTitle}</p>
      <ul className="mt-1 space-y-0.5">
        {RULES.map((rule) => {
          const met = checks[rule];
          return (
            <li
              key={rule}
              data-rule={rule}
              data-met={met}
              className={`flex items-start gap-2 ${met ? 'text-green-800' : 'text-stone-600'}`}
            >
              <span aria-hidden="true" className="w-4 shrink-0 text-center font-bold">
                {met ? '✓' : '○'}
              </span>
              <span>
                {PASSWORD_RULE_TEXTS[rule]}
                <span className="sr-only"> ({met ? PASSWORD_TEXTS.met : PASSWORD_TEXTS.notMet})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
