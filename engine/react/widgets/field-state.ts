// What every control needs to describe itself to assistive technology: whether it
// is required and invalid, and which hint and error message describe it.
import type { WidgetProps } from '@rjsf/utils';
import { useWizard } from '../context.ts';
import { describedBy, fieldFromDomId } from '../ids.ts';

export function useFieldState(props: Pick<WidgetProps, 'id' | 'uiSchema'>) {
  const wizard = useWizard();
  const field = fieldFromDomId(props.id) ?? props.id;
  const error = wizard.errors[field];
  const hasHelp = typeof props.uiSchema?.['ui:help'] === 'string';
  return {
    wizard,
    field,
    error,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(props.id, { help: hasHelp, error: Boolean(error) }),
      'aria-required': wizard.required.has(field) ? true : undefined,
    },
  };
}

/** `{n}`-style option texts from ui:options, which are plain JSON. */
export function optionText(options: Record<string, unknown>, key: string, fallback = ''): string {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
}
