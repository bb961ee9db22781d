// A single yes/no box. `ui:options.infoModal` names information the application
// can open next to it (what a politically exposed person is, say). A box is not
// checked on blur: ticking is the whole answer, and a group rule ("choose at least
// one") would fire while the applicant tabs past its first box. A label's
// `[text](/path)` links open in a new tab: the applicant reads the terms and keeps the form.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { LinkedText } from '../LinkedText.tsx';
import { useFieldState } from './field-state.ts';

export function CheckboxWidget(props: WidgetProps): ReactNode {
  const { id, value, onChange, onFocus, label, options, disabled, htmlName } = props;
  const { wizard, aria } = useFieldState(props);
  const info = typeof options.infoModal === 'string' ? options.infoModal : undefined;
  const { openInfo, infoLabel } = wizard.services;
  return (
    <div className="lv-checkbox-row">
      <div className="lv-checkbox">
        <input
          type="checkbox"
          id={id}
          name={htmlName ?? id}
          className="lv-checkbox__input"
          checked={value === true}
          disabled={disabled}
          {...aria}
          aria-required={undefined}
          onChange={(event) => onChange(event.target.checked)}
          onFocus={() => onFocus(id, value)}
        />
        <label htmlFor={id} className="lv-checkbox__label">
          <LinkedText text={label} newTab newTabHint={wizard.messages.opensInNewTab} />
        </label>
      </div>
      {info && openInfo && (
        <button type="button" className="lv-link-button lv-info-button" onClick={() => openInfo(info)}>
          {infoLabel?.(info) ?? info}
        </button>
      )}
    </div>
  );
}
CheckboxWidget.layout = 'checkbox' as const;
