import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { unitOf } from '../display.ts';
import { useFieldState, useNumberChange } from './field-state.ts';
import { MoneyInput } from './MoneyInput.tsx';

export function MoneyWidget(props: WidgetProps): ReactNode {
  const { id, value, onChange, onBlur, onFocus, options, placeholder, disabled, uiSchema, htmlName } = props;
  const { wizard, field, aria } = useFieldState(props);
  const change = useNumberChange(field, onChange);
  return (
    <MoneyInput
      id={id}
      name={htmlName ?? id}
      value={value}
      unit={unitOf(uiSchema as Record<string, unknown>, wizard.messages)}
      placeholder={placeholder || undefined}
      autoComplete={options.autocomplete as string | undefined}
      disabled={disabled}
      onChange={change}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...aria}
    />
  );
}
