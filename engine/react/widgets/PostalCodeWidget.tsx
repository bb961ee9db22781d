// A postal code that fills in its town (`ui:options.cityField`) from the
// application's lookup once five digits are typed. An unknown code shows the
// renderer's "check the postal code" message; the town stays editable either way,
// and a town filled for an earlier code goes once the code changes (postal-town.ts).
import type { WidgetProps } from '@rjsf/utils';
import { useRef, type ReactNode } from 'react';
import { isStaleTown, openingTown, type FilledTown } from '../postal-town.ts';
import { TextWidget } from './TextWidget.tsx';
import { useFieldState } from './field-state.ts';

const POSTAL_CODE = /^\d{5}$/;
const isWholeCode = (code: string) => POSTAL_CODE.test(code);

export function PostalCodeWidget(props: WidgetProps): ReactNode {
  const { wizard, field } = useFieldState(props);
  const latest = useRef<string | undefined>(undefined);
  const cityField = typeof props.options.cityField === 'string' ? props.options.cityField : undefined;
  // What the field opened with (a saved application) counts as a filled pair.
  const filled = useRef<FilledTown | null | undefined>(undefined);
  if (filled.current === undefined) filled.current = cityField ? openingTown(props.value, wizard.answers()[cityField], isWholeCode) : null;
  const lookup = wizard.services.lookupPostalCode;

  const changed = (value: unknown) => {
    props.onChange(value);
    const code = typeof value === 'string' ? value.trim() : '';
    latest.current = code;
    if (cityField && isStaleTown(filled.current ?? null, code, wizard.answers()[cityField])) {
      filled.current = null;
      wizard.setFields({ [cityField]: undefined });
    }
    if (!isWholeCode(code) || !lookup) {
      wizard.setExternalError(field, null);
      return;
    }
    lookup(code).then(
      (town) => {
        if (latest.current !== code) return;
        if (town && cityField) {
          filled.current = { code, town };
          wizard.setFields({ [cityField]: town });
        }
        wizard.setExternalError(field, town ? null : wizard.messages.postalCodeUnknown);
      },
      // Without an answer the applicant types the town; nothing to report.
      () => undefined,
    );
  };

  return <TextWidget {...props} options={{ ...props.options, inputMode: props.options.inputMode ?? 'numeric' }} onChange={changed} />;
}
