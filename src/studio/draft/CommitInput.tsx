// A text input that changes the draft when the editor is done with it (leaves the field
// or presses Enter), not at every key: one change in the history per edit. A refused
// edit keeps what was typed and says why beside it; Escape puts the saved value back.
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  label: string;
  value: string;
  /** Returns why the change was refused, or undefined when it was made. */
  onCommit(text: string): string | undefined;
  hint?: string;
  multiline?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric';
  readOnly?: boolean;
  /** Shown in the field when it is empty (the value that applies then). */
  placeholder?: string;
  className?: string;
  /** Hides the visible label (a table cell has its column heading); the input keeps its name. */
  labelHidden?: boolean;
}

export function CommitInput({ label, value, onCommit, hint, multiline, inputMode, readOnly, placeholder, className, labelHidden }: Props): ReactNode {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  useEffect(() => {
    setDraft(value);
    setError(undefined);
  }, [value]);

  const commit = () => {
    if (readOnly || draft === value) return;
    const refused = onCommit(draft);
    setError(refused);
  };
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value: draft,
    readOnly,
    placeholder,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !(multiline && event.shiftKey)) {
        event.preventDefault();
        commit();
      } else if (event.key === 'Escape' && draft !== value) {
        event.preventDefault();
        event.stopPropagation();
        setDraft(value);
        setError(undefined);
      }
    },
  };
  return (
    <div className={`sd-input${error ? ' sd-input--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={labelHidden ? 'sd-visually-hidden' : 'sd-input__label'}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="sd-input__hint">
          {hint}
        </span>
      ) : null}
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" inputMode={inputMode} {...common} />}
      {error ? (
        <span id={`${id}-error`} className="sd-input__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
