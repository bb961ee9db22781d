// RJSF's NumberField (@rjsf/core 6) with the locale's decimal separator looked up once:
// RJSF's asks `new Intl.NumberFormat(navigator.languages)` for it on every render of a
// number field and twice more on every change (its own and asNumber's), the largest
// single cost of a keystroke in an amount on the consumer form's step 1 (issue 31,
// profiled: about a fifth of the keystroke's JavaScript). Otherwise the same: a value
// typed with a trailing point or zeros stays as typed while the data holds the number.
import { getUiOptions, resolveDefaultWidget, type FieldProps } from '@rjsf/utils';
import { useCallback, useState, type ReactNode } from 'react';

const trailingCharMatcherWithPrefix = /\.([0-9]*0)*$/;
const trailingCharMatcher = /[0.]0*$/;

let separatorFor: { languages: string; separator: string } | undefined;

/** The decimal separator of the browser's first language, as RJSF's getDecimalSeparator finds it. */
export function decimalSeparator(): string {
  const locales = typeof navigator !== 'undefined' ? navigator.languages : undefined;
  const languages = locales ? locales.join(',') : '';
  if (separatorFor?.languages === languages) return separatorFor.separator;
  let separator = '.';
  if (locales)
    try {
      separator = new Intl.NumberFormat(locales).formatToParts(1.1).find((part) => part.type === 'decimal')?.value || '.';
    } catch {
      // An unknown locale: '.'.
    }
  separatorFor = { languages, separator };
  return separator;
}

/** RJSF's asNumber with the separator above. */
function asNumber(value: string | null, separator: string): number | string | null | undefined {
  if (value === '') return undefined;
  if (value === null) return null;
  const standard = separator !== '.' ? value.replace(separator, '.') : value;
  if (/\.$/.test(standard) || /\.0$/.test(standard) || /\.\d*0$/.test(standard)) return value;
  const n = Number(standard);
  return Number.isNaN(n) ? value : n;
}

export function NumberField(props: FieldProps): ReactNode {
  const { registry, onChange, formData } = props;
  const [lastValue, setLastValue] = useState<unknown>(formData);
  const { StringField } = registry.fields;
  const separator = decimalSeparator();
  const handleChange = useCallback(
    (newValue: unknown, ...rest: unknown[]) => {
      setLastValue(newValue);
      const standard = typeof newValue === 'string' ? newValue.replace(separator, '.') : newValue;
      const normalized = `${standard}`.startsWith('.') ? `0${standard}` : standard;
      const processed =
        typeof normalized === 'string'
          ? asNumber(trailingCharMatcherWithPrefix.exec(normalized) ? normalized.replace(trailingCharMatcher, '') : normalized, separator)
          : normalized;
      (onChange as (...args: unknown[]) => void)(processed, ...rest);
    },
    [onChange, separator],
  );
  let value: unknown = formData;
  if (typeof lastValue === 'string' && typeof value === 'number') {
    const canonical = lastValue.replace(separator, '.');
    const escaped = String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`^(${escaped})?\\.?0*$`).test(canonical)) value = lastValue;
  }
  let displayValue = value;
  if (typeof value === 'number' && separator !== '.') {
    const { schema, uiSchema } = props;
    const { defaultWidget } = resolveDefaultWidget(schema, uiSchema, registry.schemaUtils, registry.widgets);
    const { widget = defaultWidget, inputType } = getUiOptions(uiSchema);
    if (widget === 'text' && inputType !== 'number') displayValue = String(value).replace('.', separator);
  }
  return <StringField {...props} formData={displayValue} onChange={handleChange} />;
}
