// A euro amount typed as text: keystrokes are filtered to digits and one decimal
// point (a comma becomes the point) and the form receives a number. What the
// applicant typed is kept while they type, so "12." does not lose its point. Text
// that is not an amount ('1e309') reaches the form as text, so validation says
// 'Vain numeroita' instead of the input turning it into another number.
import { useState, type ReactNode } from 'react';
import { normalizeMoneyInput, numberInputValue } from '../../../custom-validators/money.ts';

export interface MoneyInputProps {
  id: string;
  name?: string;
  value: unknown;
  unit?: string;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  /** A number, undefined for an empty field, or the text when it is not an amount. */
  onChange(value: number | string | undefined): void;
  onBlur(): void;
  onFocus?(): void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export function MoneyInput({ id, name, value, unit, placeholder, autoComplete, disabled, onChange, onBlur, onFocus, ...aria }: MoneyInputProps): ReactNode {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === 'number' || typeof value === 'string' ? String(value) : '');
  return (
    <div className="lv-affix">
      <input
        id={id}
        name={name ?? id}
        className="lv-input lv-input--number"
        type="text"
        inputMode="decimal"
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        disabled={disabled}
        value={shown}
        {...aria}
        onChange={(event) => {
          const next = normalizeMoneyInput(event.target.value);
          setDraft(next);
          onChange(numberInputValue(next));
        }}
        onFocus={onFocus}
        onBlur={() => {
          setDraft(null);
          onBlur();
        }}
      />
      {unit && (
        <span className="lv-affix__unit" aria-hidden="true">
          {unit}
        </span>
      )}
    </div>
  );
}
