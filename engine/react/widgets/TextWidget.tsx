// Text, e-mail and telephone inputs. `ui:options.blockPaste` refuses pasting (the
// repeat fields exist to catch a mistyped address, which pasting would copy), and
// `ui:options.suggestTypos` offers a corrected e-mail domain after the applicant
// leaves the field.
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { suggestEmail } from '../../../custom-validators/email.ts';
import { fill } from '../messages.ts';
import { useFieldState } from './field-state.ts';

type InputType = 'text' | 'email' | 'tel';

const refuse = (event: ClipboardEvent | DragEvent) => event.preventDefault();

/** Inputs as wide as what they hold, so their size hints at the answer (GOV.UK). */
export function inputWidth(maxLength: number | undefined): 'short' | 'medium' | 'long' {
  if (maxLength !== undefined && maxLength <= 12) return 'short';
  if (maxLength !== undefined && maxLength <= 40) return 'medium';
  return 'long';
}

function makeTextWidget(type: InputType) {
  function Widget(props: WidgetProps): ReactNode {
    const { id, value, onChange, onBlur, onFocus, options, placeholder, disabled, readonly, schema, htmlName } = props;
    const { wizard, aria } = useFieldState(props);
    const [suggestion, setSuggestion] = useState<string | null>(null);
    const numeric = schema.type === 'number' || schema.type === 'integer';
    const inputMode = (options.inputMode as string | undefined) ?? (type === 'tel' ? 'tel' : type === 'email' ? 'email' : numeric ? 'numeric' : undefined);
    const hintId = `${id}__suggestion`;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
    return (
      <>
        <input
          id={id}
          name={htmlName ?? id}
          className={`lv-input lv-input--${inputWidth(maxLength)}`}
          type={type}
          inputMode={inputMode as never}
          value={value ?? ''}
          placeholder={placeholder || undefined}
          autoComplete={(options.autocomplete as string | undefined) ?? undefined}
          disabled={disabled}
          readOnly={readonly}
          maxLength={maxLength}
          spellCheck={type === 'text' ? undefined : false}
          {...aria}
          aria-describedby={[aria['aria-describedby'], suggestion ? hintId : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setSuggestion(null);
            onChange(event.target.value === '' ? options.emptyValue : event.target.value);
          }}
          onBlur={(event) => {
            if (options.suggestTypos) setSuggestion(suggestEmail(event.target.value));
            onBlur(id, event.target.value);
          }}
          onFocus={(event) => onFocus(id, event.target.value)}
          onPaste={options.blockPaste ? refuse : undefined}
          onDrop={options.blockPaste ? refuse : undefined}
        />
        {suggestion && (
          <p id={hintId} className="lv-suggestion" role="status">
            <button
              type="button"
              className="lv-link-button"
              onClick={() => {
                onChange(suggestion);
                setSuggestion(null);
              }}
            >
              {fill(wizard.messages.didYouMean, { suggestion })}
            </button>
          </p>
        )}
      </>
    );
  }
  Widget.displayName = `${type}Widget`;
  return Widget;
}

export const TextWidget = makeTextWidget('text');
export const EmailWidget = makeTextWidget('email');
export const TelWidget = makeTextWidget('tel');
