import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_TEXTS } from '../../../../common/schemas/auth';
import { PasswordChecklist } from './password-checklist';

function ruleState(text: string) {
  return screen.getByText(text, { exact: false }).closest('li')?.getAttribute('data-met');
}

describe('PasswordChecklist', () => {
  it('lists the four SPEC.md §5 rules and ticks each as it is met', () => {
    const { rerender } = render(<PasswordChecklist password="" />);
    expect(PASSWORD_RULE_TEXTS).toEqual({
      minLength: 'At least 8 characters',
      special: 'One special character (!@#$%^&*(),.?":{}|<>)',
      number: 'One number',
      uppercase: 'One uppercase letter',
    });
    for (const text of Object.values(PASSWORD_RULE_TEXTS)) expect(ruleState(text)).toBe('false');

    rerender(<PasswordChecklist password="abcdefg1" />);
    expect(ruleState(PASSWORD_RULE_TEXTS.minLength)).toBe('true');
    expect(ruleState(PASSWORD_RULE_TEXTS.number)).toBe('true');
    expect(ruleState(PASSWORD_RULE_TEXTS.special)).toBe('false');
    expect(ruleState(PASSWORD_RULE_TEXTS.uppercase)).toBe('false');

    rerender(<PasswordChecklist password="Abcdefg1{" />);
    for (const text of Object.values(PASSWORD_RULE_TEXTS)) expect(ruleState(text)).toBe('true');
    // Screen readers hear the state, not only the tick.
    expect(screen.getByText(PASSWORD_RULE_TEXTS.number, { exact: false }).closest('li')).toHaveTextContent(
      '(done)',
    );
  });

  it('accepts only the special characters SPEC.md names', () => {
    render(<PasswordChecklist password="Abcdefg1_" />);
    expect(ruleState(PASSWORD_RULE_TEXTS.special)).toBe('false');
  });
});
