// A native select for a choice among the schema's `oneOf` options (RJSF hands them
// over as enumOptions), with an empty first option so nothing is chosen for the
// applicant.
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useFieldState } from './field-state.ts';

export interface SelectProps extends WidgetProps {
  choices?: EnumOptionsType[];
}

export function SelectWidget(props: SelectProps): ReactNode {
  const { id, value, onChange, onBlur, onFocus, options, disabled, htmlName } = props;
  const { wizard, aria } = useFieldState(props);
  const choices = props.choices ?? options.enumOptions ?? [];
  const index = choices.findIndex((choice) => choice.value === value);
  return (
    <div className="lv-select-wrap">
      <select
        id={id}
        name={htmlName ?? id}
        className="lv-select"
        value={index === -1 ? '' : String(index)}
        disabled={disabled}
        autoComplete={(options.autocomplete as string | undefined) ?? undefined}
        {...aria}
        onChange={(event) => onChange(event.target.value === '' ? undefined : choices[Number(event.target.value)].value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="">{wizard.messages.selectPlaceholder}</option>
        {choices.map((choice, i) => (
          <option key={String(choice.value)} value={String(i)}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
