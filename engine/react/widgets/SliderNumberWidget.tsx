// A number typed or slid, for amounts and loan times. With `ui:options.clamp` a
// value above the schema's maximum becomes the maximum and the document's own
// "clampNotice" message (else its "maximum" message) says why; with
// `resetBelowMinimum` a value under the minimum becomes the minimum when the
// applicant leaves the field, and with `snapToStep` a value between the limits the
// nearest one on the slider's step. Typing is read as money
// inputs read it (spec §5): a comma or a dot is the decimal point, so '1,5' is one
// and a half, never 15; a field of whole numbers then says so with the document's
// `type.integer` message, and text that is not a number ('1e309') is refused.
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import { normalizeMoneyInput, numberInputValue } from '../../../custom-validators/money.ts';
import { messageFor } from '../../core/index.ts';
import { withUnit } from '../format.ts';
import { fill } from '../messages.ts';
import { useFieldState, useNumberChange } from './field-state.ts';

/**
 * With `ui:options.snapToStep`, an amount typed between the limits becomes the nearest
 * one the slider can show (its `step` counted from the minimum) when the field is left.
 */
export function snapToStep(value: number, min: number, max: number, step: number): number {
  if (!(step > 0) || value < min || value > max) return value;
  const snapped = min + Math.round((value - min) / step) * step;
  return snapped > max ? snapped - step : snapped;
}

export function SliderNumberWidget(props: WidgetProps): ReactNode {
  const { id, value, onChange, onBlur, onFocus, options, schema, label, disabled, htmlName } = props;
  const { wizard, field, aria } = useFieldState(props);
  const change = useNumberChange(field, onChange);
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const doc = wizard.runtime.document;
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : min + 100;
  const step = typeof options.step === 'number' ? options.step : 1;
  const unit = typeof options.unit === 'string' ? options.unit : undefined;
  const unitOne = typeof options.unitOne === 'string' ? options.unitOne : undefined;
  const shown = (n: number) => withUnit(n, unit, unitOne);
  const numeric = typeof value === 'number' ? value : undefined;
  const noticeId = `${id}__notice`;

  const typed = (raw: string) => {
    const text = normalizeMoneyInput(raw);
    const next = numberInputValue(text);
    if (typeof next === 'number' && options.clamp && next > max) {
      setNotice(messageFor(doc, field, ['clampNotice', 'maximum'], { limit: max }));
      setDraft(String(max));
      change(max);
      return;
    }
    setNotice(null);
    setDraft(text);
    change(next);
  };

  const left = () => {
    setDraft(null);
    if (options.resetBelowMinimum && numeric !== undefined && numeric < min) {
      setNotice(messageFor(doc, field, ['minimum'], { limit: min }));
      onChange(min);
      return;
    }
    if (options.snapToStep && numeric !== undefined) {
      const snapped = snapToStep(numeric, min, max, step);
      if (snapped !== numeric) onChange(snapped);
    }
    onBlur(id, value);
  };

  return (
    <div className="lv-slider">
      <div className="lv-affix lv-affix--wide">
        <input
          id={id}
          name={htmlName ?? id}
          className="lv-input lv-input--number lv-slider__input"
          type="text"
          inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          disabled={disabled}
          value={draft ?? (numeric !== undefined ? String(numeric) : typeof value === 'string' ? value : '')}
          {...aria}
          aria-describedby={[aria['aria-describedby'], notice ? noticeId : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => typed(event.target.value)}
          onBlur={left}
          onFocus={() => onFocus(id, value)}
        />
        {unit && (
          <span className="lv-affix__unit" aria-hidden="true">
            {numeric === 1 && unitOne ? unitOne : unit}
          </span>
        )}
      </div>
      <input
        className="lv-range"
        type="range"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={numeric === undefined ? min : Math.min(Math.max(numeric, min), max)}
        aria-label={fill(wizard.messages.sliderLabel, { label })}
        aria-valuetext={shown(numeric ?? min)}
        onChange={(event) => {
          setNotice(null);
          setDraft(null);
          onChange(Number(event.target.value));
        }}
      />
      <div className="lv-slider__scale" aria-hidden="true">
        <span>{shown(min)}</span>
        <span>{shown(max)}</span>
      </div>
      <p id={noticeId} className="lv-notice" role="status">
        {notice}
      </p>
    </div>
  );
}
