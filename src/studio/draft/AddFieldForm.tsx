// 'Lisää kenttä': a new field of a known kind in one of the document's step sections,
// after the selected field when it is in that section, else at the section's end. Plain
// labelled controls in a form, so Enter in the texts adds and the keyboard reaches all.
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { NewField } from '../../../engine/core/studio/edits.ts';
import { NEW_FIELD_KINDS, type NewFieldKind } from '../../../engine/core/studio/new-field.ts';
import { isTreeField, type DocumentTree } from '../../../engine/core/studio/tree.ts';
import { draftTexts as t } from './messages.fi.ts';

interface Props {
  tree: DocumentTree;
  /** The selected field's flat id, if a field is selected. */
  selected?: string;
  /** Makes the edit; returns why it was refused, or undefined. */
  onAdd(added: NewField): string | undefined;
}

/** Where a field is: its step and section, and whether it is written in the document (a place to add after). */
function placeOf(tree: DocumentTree, flatId: string | undefined) {
  if (!flatId) return undefined;
  for (const step of tree.steps)
    for (const section of step.sections)
      for (const entry of section.entries) if (isTreeField(entry) && entry.flatId === flatId) return { key: `${step.index}:${section.index}`, after: entry.from ? undefined : entry.id, label: entry.label };
  return undefined;
}

export function AddFieldForm({ tree, selected, onAdd }: Props): ReactNode {
  const id = useId();
  const places = useMemo(
    () => tree.steps.flatMap((step) => step.sections.map((section) => ({ key: `${step.index}:${section.index}`, label: t.addFieldPlaceOption(step.number, step.title, section.title) }))),
    [tree],
  );
  const selectedPlace = placeOf(tree, selected);
  const [place, setPlace] = useState(selectedPlace?.key ?? places[0]?.key ?? '0:0');
  const [kind, setKind] = useState<NewFieldKind>('text');
  const [fieldId, setFieldId] = useState('');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState('');
  // A field selected in the outline moves the place to its section.
  useEffect(() => {
    if (selectedPlace) setPlace(selectedPlace.key);
  }, [selectedPlace?.key]);

  const after = selectedPlace && selectedPlace.key === place ? selectedPlace : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [stepIndex, sectionIndex] = place.split(':').map(Number);
    const refused = onAdd({ stepIndex, sectionIndex, id: fieldId, kind, label: question, ...(after?.after ? { after: after.after } : {}) });
    setError(refused ?? '');
    if (!refused) {
      setFieldId('');
      setQuestion('');
    }
  };
  return (
    <form className="sd-add-field" aria-labelledby={`${id}-heading`} onSubmit={submit}>
      <h2 id={`${id}-heading`}>{t.addFieldHeading}</h2>
      <div className="sd-input">
        <label className="sd-input__label" htmlFor={`${id}-place`}>
          {t.addFieldPlace}
        </label>
        <select id={`${id}-place`} value={place} onChange={(event) => setPlace(event.target.value)} aria-describedby={`${id}-where`}>
          {places.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
        <span id={`${id}-where`} className="sd-input__hint">
          {after?.after ? t.addFieldAfter(after.label) : t.addFieldEnd}
        </span>
      </div>
      <div className="sd-input">
        <label className="sd-input__label" htmlFor={`${id}-kind`}>
          {t.addFieldKind}
        </label>
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as NewFieldKind)}>
          {NEW_FIELD_KINDS.map((option) => (
            <option key={option} value={option}>
              {t.addFieldKinds[option]}
            </option>
          ))}
        </select>
      </div>
      <div className="sd-input">
        <label className="sd-input__label" htmlFor={`${id}-id`}>
          {t.addFieldId}
        </label>
        <input id={`${id}-id`} type="text" autoComplete="off" spellCheck={false} value={fieldId} onChange={(event) => setFieldId(event.target.value)} aria-describedby={`${id}-id-hint${error ? ` ${id}-error` : ''}`} />
        <span id={`${id}-id-hint`} className="sd-input__hint">
          {t.addFieldIdHint}
        </span>
      </div>
      <div className="sd-input">
        <label className="sd-input__label" htmlFor={`${id}-question`}>
          {t.addFieldQuestion}
        </label>
        <input id={`${id}-question`} type="text" value={question} onChange={(event) => setQuestion(event.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      <button type="submit">{t.addFieldButton}</button>
      {error ? (
        <p id={`${id}-error`} className="sd-input__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
