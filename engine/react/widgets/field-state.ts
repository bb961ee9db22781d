// What every control needs to describe itself to assistive technology: whether it
// is required and invalid, and which hint and error message describe it.
import type { WidgetProps } from '@rjsf/utils';
import { useWizard } from '../context.ts';
import { describedBy, fieldFromDomId } from '../ids.ts';
import { useFieldView } from '../store.ts';

export function useFieldState(props: Pick<WidgetProps, 'id' | 'uiSchema'>) {
  const wizard = useWizard();
  const field = fieldFromDomId(props.id) ?? props.id;
  const { error, warning, required } = useFieldView(field);
  const hasHelp = typeof props.uiSchema?.['ui:help'] === 'string';
  return {
    wizard,
    field,
    error,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(props.id, { help: hasHelp, error: Boolean(error), warning: Boolean(warning) }),
      'aria-required': required ? true : undefined,
    },
  };
}

/** `{n}`-style option texts from ui:options, which are plain JSON. */
export function optionText(options: Record<string, unknown>, key: string, fallback = ''): string {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
}

/**
 * The change handler of a number field's text input. Numbers and empty go through
 * RJSF; text that is not a number (kept so validation can say 'Vain numeroita') is
 * written to the form directly, because RJSF's NumberField would read '1e309' with
 * Number() and store Infinity, or '2e3' as 2000.
 */
export function useNumberChange(field: string, onChange: WidgetProps['onChange']): (value: number | string | undefined) => void {
  const wizard = useWizard();
  return (value) => (typeof value === 'string' ? wizard.setFields({ [field]: value }) : onChange(value));
}
