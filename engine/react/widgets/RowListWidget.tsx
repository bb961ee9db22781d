// Repeating rows of a list of objects (loans, say): one row is always shown, rows
// are added and removed with buttons, and the first row cannot be removed. Each
// input is labelled with the document's label for its row field, the same name the
// error summary uses. Number properties are typed as money.
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useWizard } from '../context.ts';
import { errorId, fieldDomId } from '../ids.ts';
import { useRowErrors } from '../store.ts';
import { fill } from '../messages.ts';
import { optionText, useFieldState } from './field-state.ts';
import { MoneyInput } from './MoneyInput.tsx';

type Row = Record<string, unknown>;

function withValue(row: Row, key: string, value: unknown): Row {
  const next = { ...row, [key]: value };
  if (value === undefined) delete next[key];
  return next;
}

export function RowListWidget(props: WidgetProps): ReactNode {
  const { value, onChange, onBlur, schema, options, registry, disabled } = props;
  const { field } = useFieldState(props);
  const wizard = useWizard();
  const errors = useRowErrors(field);
  const rows: Row[] = Array.isArray(value) && value.length > 0 ? (value as Row[]) : [{}];
  const itemSchema = registry.schemaUtils.retrieveSchema((schema.items ?? {}) as RJSFSchema);
  const keys = Object.keys(itemSchema.properties ?? {});
  const maxRows = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const rowLabel = (index: number) => fill(optionText(options, 'rowLabel', '{n}'), { n: index + 1 });
  const listLabel = props.label;
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // After adding a row its first input takes focus; after removing one, the add button does.
  useEffect(() => {
    if (focusRow === null) return;
    if (focusRow >= 0 && keys[0]) document.getElementById(fieldDomId(`${field}.${focusRow}.${keys[0]}`))?.focus();
    else addButton.current?.focus();
    setFocusRow(null);
  }, [focusRow, field, keys]);

  // Enter continues, as in every other field: a field is a form of its own (FieldForm.tsx),
  // and a browser submits on Enter only a form with one text input, not a list's several.
  const enter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    event.target.form?.requestSubmit();
  };

  return (
    <div className="lv-rows" onKeyDown={enter}>
      {rows.map((row, index) => (
        <div key={index} className="lv-row" role="group" aria-label={rowLabel(index)}>
          <div className="lv-row__fields">
            {keys.map((key) => {
              const path = `${field}.${index}.${key}`;
              const inputId = fieldDomId(path);
              const error = errors[path];
              const property = (itemSchema.properties?.[key] ?? {}) as RJSFSchema;
              const numeric = property.type === 'number' || property.type === 'integer';
              const update = (next: unknown) => onChange(rows.map((r, i) => (i === index ? withValue(r, key, next) : r)));
              return (
                <div key={key} className={`lv-field lv-field--simple${error ? ' lv-field--invalid' : ''}`} data-field={path}>
                  <label htmlFor={inputId} className="lv-label lv-label--small">
                    {wizard.runtime.label(path)}
                  </label>
                  {error && (
                    <p id={errorId(inputId)} className="lv-error-message">
                      <span className="lv-visually-hidden">{wizard.messages.errorPrefix} </span>
                      {error}
                    </p>
                  )}
                  {numeric ? (
                    <MoneyInput
                      id={inputId}
                      value={row[key]}
                      unit={wizard.messages.currency}
                      disabled={disabled}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId(inputId) : undefined}
                      aria-required
                      onChange={update}
                      onBlur={() => onBlur(inputId, row[key])}
                    />
                  ) : (
                    <input
                      id={inputId}
                      className="lv-input"
                      value={typeof row[key] === 'string' ? (row[key] as string) : ''}
                      disabled={disabled}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId(inputId) : undefined}
                      onChange={(event) => update(event.target.value === '' ? undefined : event.target.value)}
                      onBlur={() => onBlur(inputId, row[key])}
                    />
                  )}
                </div>
              );
            })}
          </div>
          {index > 0 && (
            <button
              type="button"
              className="lv-button lv-button--quiet lv-row__remove"
              disabled={disabled}
              onClick={() => {
                onChange(rows.filter((_, i) => i !== index));
                setFocusRow(-1);
              }}
            >
              {optionText(options, 'removeLabel')}
              <span className="lv-visually-hidden"> {fill(wizard.messages.removeRowFor, { row: rowLabel(index), list: listLabel })}</span>
            </button>
          )}
        </div>
      ))}
      {rows.length < maxRows && (
        <button
          ref={addButton}
          type="button"
          className="lv-button lv-button--secondary lv-rows__add"
          disabled={disabled}
          onClick={() => {
            onChange([...rows, {}]);
            setFocusRow(rows.length);
          }}
        >
          <span aria-hidden="true">+ </span>
          {optionText(options, 'addLabel')}
          <span className="lv-visually-hidden"> {fill(wizard.messages.addRowFor, { list: listLabel })}</span>
        </button>
      )}
    </div>
  );
}
RowListWidget.layout = 'group' as const;
