// A postal code that fills in its town (`ui:options.cityField`) from the
// application's lookup once five digits are typed. An unknown code shows the
// renderer's "check the postal code" message; the town stays editable either way.
import type { WidgetProps } from '@rjsf/utils';
import { useRef, type ReactNode } from 'react';
import { TextWidget } from './TextWidget.tsx';
import { useFieldState } from './field-state.ts';

const POSTAL_CODE = /^\d{5}$/;

export function PostalCodeWidget(props: WidgetProps): ReactNode {
  const { wizard, field } = useFieldState(props);
  const latest = useRef<string | undefined>(undefined);
  const cityField = typeof props.options.cityField === 'string' ? props.options.cityField : undefined;
  const lookup = wizard.services.lookupPostalCode;

  const changed = (value: unknown) => {
    props.onChange(value);
    const code = typeof value === 'string' ? value.trim() : '';
    latest.current = code;
    if (!POSTAL_CODE.test(code) || !lookup) {
      wizard.setExternalError(field, null);
      return;
    }
    lookup(code).then(
      (town) => {
        if (latest.current !== code) return;
        if (town && cityField) wizard.setFields({ [cityField]: town });
        wizard.setExternalError(field, town ? null : wizard.messages.postalCodeUnknown);
      },
      // Without an answer the applicant types the town; nothing to report.
      () => undefined,
    );
  };

  return <TextWidget {...props} options={{ ...props.options, inputMode: props.options.inputMode ?? 'numeric' }} onChange={changed} />;
}
