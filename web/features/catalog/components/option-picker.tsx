import { useId } from 'react';
import type { OptionState } from '../lib/variants';
import { CATALOG_TEXT } from '../texts';

interface OptionPickerProps {
  legend: string;
  options: OptionState[];
  value: string | null;
  onChange: (value: string) => void;
}

/**
 * A colour or size choice as a group of radio buttons drawn as pills. Out-of-stock options stay
 * visible but disabled and struck through, and say so to screen readers.
 */
export function OptionPicker({ legend, options, value, onChange }: OptionPickerProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-900">
        {legend}
        {value && <span className="font-normal text-stone-700">: {value}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
              !option.available
                ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-100 text-stone-500 line-through'
                : value === option.value
                  ? 'cursor-pointer border-brand-700 bg-brand-700 text-white'
                  : 'cursor-pointer border-stone-300 bg-white text-stone-900 hover:border-brand-500'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={!option.available}
              onChange={() => onChange(option.value)}
              aria-label={option.available ? option.value : CATALOG_TEXT.unavailableOption(option.value)}
              className="sr-only"
            />
            {option.value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
