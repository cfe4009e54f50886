import { CATALOG_TEXT } from '../texts';

interface QuantityStepperProps {
  value: number;
  /** The largest quantity allowed (the chosen variant's stock); at least 1 is shown. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

const BUTTON =
  'inline-flex size-11 items-center justify-center text-xl text-stone-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-stone-400 disabled:hover:bg-transparent';

/** − value + ; the value stays between 1 and max. */
export function QuantityStepper({ value, max, onChange, disabled = false }: QuantityStepperProps) {
  const cap = Math.max(1, max);
  return (
    <fieldset>
      <legend className="mb-2 block text-sm font-semibold text-stone-900">{CATALOG_TEXT.quantity}</legend>
      <div className="inline-flex items-center rounded-lg border border-stone-300 bg-white">
        <button
          type="button"
          className={`${BUTTON} rounded-l-lg`}
          onClick={() => onChange(Math.max(1, value - 1))}
          disabled={disabled || value <= 1}
          aria-label={CATALOG_TEXT.decreaseQuantity}
        >
          −
        </button>
        <output aria-live="polite" className="w-10 text-center font-semibold tabular-nums">
          {value}
        </output>
        <button
          type="button"
          className={`${BUTTON} rounded-r-lg`}
          onClick={() => onChange(Math.min(cap, value + 1))}
          disabled={disabled || value >= cap}
          aria-label={CATALOG_TEXT.increaseQuantity}
        >
          +
        </button>
      </div>
    </fieldset>
  );
}
