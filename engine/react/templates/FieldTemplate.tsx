// Every field: label (or legend), hint, error message, then the control, GOV.UK
// order. Fields the document's rules hide are not rendered at all. A widget says
// how it wants to be framed through its static `layout`. Visibility and the error
// come from the wizard's store, so a field renders again when they change, not on
// every keystroke elsewhere.
import type { FieldTemplateProps, RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { Fragment, type ReactNode } from 'react';
import { useWizard } from '../context.ts';
import { useFieldView } from '../store.ts';
import { errorId, helpId, labelId, warningId } from '../ids.ts';

export type FieldLayout = 'simple' | 'group' | 'checkbox';

export function widgetName(uiSchema: UiSchema | undefined): string | undefined {
  const name = uiSchema?.['ui:widget'];
  return typeof name === 'string' ? name : undefined;
}

function layoutOf(schema: RJSFSchema, uiSchema: UiSchema | undefined, widgets: RegistryWidgetsType): FieldLayout {
  const name = widgetName(uiSchema);
  const declared = name ? (widgets[name] as { layout?: FieldLayout } | undefined)?.layout : undefined;
  if (declared) return declared;
  return schema.type === 'boolean' ? 'checkbox' : 'simple';
}

export function FieldTemplate(props: FieldTemplateProps): ReactNode {
  const { id, label, children, rawHelp, schema, uiSchema, fieldPathId, registry } = props;
  const { messages, slots } = useWizard();
  const path = fieldPathId.path;
  const field = path.join('.');
  const { visible, error, warning } = useFieldView(field);
  if (path.length === 0) return children;
  if (path.length === 1 && !visible) return null;

  const layout = layoutOf(schema, uiSchema, registry.widgets);
  const name = widgetName(uiSchema);
  const className = ['lv-field', `lv-field--${layout}`, name && `lv-field--${name}`, error && 'lv-field--invalid'].filter(Boolean).join(' ');
  const hint = rawHelp ? (
    <p id={helpId(id)} className="lv-hint">
      {rawHelp}
    </p>
  ) : null;
  // A warning is polite and stays put: the applicant may keep the answer and go on.
  const message = error ? (
    <p id={errorId(id)} className="lv-error-message">
      <span className="lv-visually-hidden">{messages.errorPrefix} </span>
      {error}
    </p>
  ) : warning ? (
    <p id={warningId(id)} className="lv-warning-message" role="status">
      {warning}
    </p>
  ) : null;

  let framed: ReactNode;
  if (layout === 'group') {
    const describedBy = [hint && helpId(id), error && errorId(id), warning && !error && warningId(id)].filter(Boolean).join(' ') || undefined;
    framed = (
      <fieldset className={className} data-field={field} aria-describedby={describedBy}>
        <legend className="lv-label">{label}</legend>
        {hint}
        {message}
        {children}
      </fieldset>
    );
  } else if (layout === 'checkbox') {
    framed = (
      <div className={className} data-field={field}>
        {message}
        {children}
        {hint}
      </div>
    );
  } else {
    framed = (
      <div className={className} data-field={field}>
        <label id={labelId(id)} htmlFor={id} className="lv-label">
          {label}
        </label>
        {hint}
        {message}
        {children}
      </div>
    );
  }
  if (path.length > 1) return framed;
  return (
    <Fragment>
      {slots.beforeField?.(field)}
      {framed}
      {slots.afterField?.(field)}
    </Fragment>
  );
}
