import { fireEvent, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './form-fields';
import { useErrorFocus } from './use-error-focus';

function Demo() {
  const [errors, setErrors] = useState<{ name?: string; city?: string }>({});
  const errorFocus = useErrorFocus();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { city: 'Enter your city.' };
    setErrors(next);
    errorFocus.failed(Object.values(next));
  };
  return (
    <form ref={errorFocus.ref} onSubmit={onSubmit} noValidate aria-label="Demo">
      {errorFocus.summary}
      <TextField label="Name" error={errors.name} />
      <TextField label="City" error={errors.city} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useErrorFocus', () => {
  it('moves focus to the first invalid field, scrolls it into view and announces the errors', () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(<Demo />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    const city = screen.getByLabelText('City');
    expect(city).toHaveFocus();
    expect(scroll.mock.contexts).toContain(city);
    const live = screen.getByText(/There is 1 problem to fix:/).parentElement;
    expect(live).toHaveAttribute('aria-live', 'assertive');
    expect(live).toHaveTextContent('There is 1 problem to fix: Enter your city.');
  });
});
