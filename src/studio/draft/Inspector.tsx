// The selected field's details: its texts, limits (and the limits its variants give it),
// options and per-rule messages, each edited through the draft's edits
// (engine/core/studio/edits.ts). A field from a shared section, a step and an include are
// shown with what can be done with them here. A field's rules are built with the condition
// builder (FieldRules); a section's field says which forms share it (SharedField).
import { forwardRef, useState, type ReactNode } from 'react';
import type { ConditionField } from '../../../engine/core/conditions/fields.ts';
import { documentMessages } from '../../../engine/core/format/fields-to-maps.ts';
import { FORMAT_2_SHARED_MESSAGES } from '../../../engine/core/format/v1-to-v2.ts';
import { isNewField, messageKeywords, optionsOf, variantLimitsOf, type Edit, type LimitKeyword } from '../../../engine/core/studio/edits.ts';
import { isSectionSource } from '../../../engine/core/studio/tree.ts';
import { CommitInput } from './CommitInput.tsx';
import { FieldRules } from './FieldRules.tsx';
import { SharedField } from './SharedField.tsx';
import { draftTexts as t } from './messages.fi.ts';
import type { Target } from './outline.ts';

type Json = Record<string, any>;

interface Props {
  source: Json;
  target?: Target;
  readOnly: boolean;
  /** Makes an edit; returns why it was refused, or undefined. */
  edit(edit: Edit): string | undefined;
  /** The fields a rule may name (the document read with its sections); undefined until they are loaded. */
  ruleFields?: ConditionField[];
  /** The live sources of the sections the document includes, by id. */
  sections?: Record<string, Json>;
  /** The item's live source (null: none; undefined: not known yet): only a field the draft added may be removed. */
  live?: Json | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberText = (value: unknown) => (typeof value === 'number' ? String(value).replace('.', ',') : '');
/** `''` → no limit; `1 500,5` → 1500.5; anything else NaN, which the edit refuses in words. */
const parseNumber = (typed: string): number | undefined => {
  const compact = typed.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return compact === '' ? undefined : Number(compact);
};

export const Inspector = forwardRef<HTMLHeadingElement, Props>(function Inspector({ source, target, readOnly, edit, ruleFields, sections, live }, headingRef): ReactNode {
  if (!target || target.type === 'group') {
    return (
      <section className="sd-inspector" aria-labelledby="sd-inspector-heading">
        <h2 id="sd-inspector-heading" ref={headingRef} tabIndex={-1}>
          {t.inspector}
        </h2>
        <p>{t.nothingSelected}</p>
      </section>
    );
  }
  if (target.type === 'include') {
    return (
      <section className="sd-inspector" aria-labelledby="sd-inspector-heading">
        <h2 id="sd-inspector-heading" ref={headingRef} tabIndex={-1}>
          {t.include(target.section, target.party)}
        </h2>
        <p>{t.includeInfo(target.section)}</p>
      </section>
    );
  }
  if (target.type === 'step') {
    const step = (source.steps as Json[])[target.index];
    const count = (source.steps as Json[]).length;
    return (
      <section className="sd-inspector" aria-labelledby="sd-inspector-heading">
        <h2 id="sd-inspector-heading" ref={headingRef} tabIndex={-1}>
          {t.stepHeading(step.number, step.title)}
        </h2>
        {readOnly ? null : (
          <fieldset className="sd-group">
            <legend>{t.order}</legend>
            <button type="button" disabled={target.index === 0} onClick={() => edit({ type: 'step-move', index: target.index, by: -1 })}>
              {t.stepUp}
            </button>{' '}
            <button type="button" disabled={target.index === count - 1} onClick={() => edit({ type: 'step-move', index: target.index, by: 1 })}>
              {t.stepDown}
            </button>
          </fieldset>
        )}
      </section>
    );
  }

  const { field: node } = target;
  const heading = (
    <h2 id="sd-inspector-heading" ref={headingRef} tabIndex={-1}>
      {t.fieldHeading(node.label)}
    </h2>
  );
  const facts = (
    <dl className="sd-facts">
      <dt>{t.fieldId}</dt>
      <dd>
        <code>{node.flatId}</code>
      </dd>
      <dt>{t.kind}</dt>
      <dd>{t.kinds[node.kind]}</dd>
    </dl>
  );
  if (node.from) {
    const from = node.from;
    return (
      <section className="sd-inspector" aria-labelledby="sd-inspector-heading">
        {heading}
        {facts}
        {Array.isArray(source.steps) ? (
          <SharedField key={node.flatId} node={{ ...node, from }} source={source} section={sections?.[from.section]} readOnly={readOnly} edit={edit} />
        ) : (
          <p>{t.sectionField(from.section, from.party)}</p>
        )}
      </section>
    );
  }

  const id = node.id;
  const field = (source.fields as Json)[id] as Json | undefined;
  if (!field) return null;
  const schema = (field.schema ?? {}) as Json;
  const ui = (field.ui ?? {}) as Json;
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const textual = schema.type === 'string';
  const limits: LimitKeyword[] = numeric ? ['minimum', 'maximum'] : textual ? ['minLength', 'maxLength'] : [];
  const options = optionsOf(field);
  const variantLimits = variantLimitsOf(source, id);
  const variants = Object.keys((source.variants ?? {}) as Json);
  const shared = (source.sharedMessages === false ? source.messages : documentMessages(source.messages, FORMAT_2_SHARED_MESSAGES, true)) as Record<string, string> | undefined;
  const ownMessages = (field.messages ?? {}) as Record<string, string>;
  const position = (() => {
    for (const step of (source.steps ?? []) as Json[])
      for (const section of (step.sections ?? []) as Json[]) {
        const list = section.fields as unknown[];
        const at = list.indexOf(id);
        if (at >= 0) return { first: at === 0, last: at === list.length - 1 };
      }
    const names = Object.keys(source.fields);
    return Array.isArray(source.steps) ? undefined : { first: names[0] === id, last: names.at(-1) === id };
  })();

  return (
    <section className="sd-inspector" aria-labelledby="sd-inspector-heading">
      {heading}
      {facts}

      <fieldset className="sd-group">
        <legend>{t.texts}</legend>
        <CommitInput label={t.question} hint={t.questionHint} value={text(schema.title)} readOnly={readOnly} onCommit={(value) => edit({ type: 'text', field: id, part: 'question', text: value })} />
        <CommitInput label={t.label} hint={t.labelHint} value={text(field.label)} readOnly={readOnly} onCommit={(value) => edit({ type: 'text', field: id, part: 'label', text: value })} />
        <CommitInput label={t.help} multiline value={text(ui['ui:help'])} readOnly={readOnly} onCommit={(value) => edit({ type: 'text', field: id, part: 'help', text: value })} />
        <CommitInput label={t.placeholder} value={text(ui['ui:placeholder'])} readOnly={readOnly} onCommit={(value) => edit({ type: 'text', field: id, part: 'placeholder', text: value })} />
      </fieldset>

      {(Array.isArray(source.steps) || isSectionSource(source)) && node.kind !== 'derived' ? <FieldRules key={id} id={id} field={field} source={source} fields={ruleFields} readOnly={readOnly} edit={edit} /> : null}

      {limits.length ? (
        <fieldset className="sd-group">
          <legend>{t.limits}</legend>
          {limits.map((keyword) => (
            <CommitInput
              key={keyword}
              label={t[keyword]}
              hint={t.limitHint}
              inputMode="decimal"
              value={numberText(schema[keyword])}
              readOnly={readOnly}
              onCommit={(value) => edit({ type: 'limit', field: id, keyword, value: parseNumber(value) })}
            />
          ))}
          {variantLimits.length || (variants.length && numeric) ? (
            <fieldset className="sd-group sd-group--inner">
              <legend>{t.variantLimits}</legend>
              {variantLimits.map((limit) => (
                <CommitInput
                  key={`${limit.variant}:${limit.keyword}`}
                  label={t.variantLimit(limit.variant, t[limit.keyword])}
                  inputMode="decimal"
                  value={numberText(limit.value)}
                  readOnly={readOnly}
                  onCommit={(value) => edit({ type: 'variant-limit', variant: limit.variant, field: id, keyword: limit.keyword, value: parseNumber(value) })}
                />
              ))}
              {readOnly || !numeric ? null : <NewVariantLimit id={id} variants={variants} limits={limits} edit={edit} />}
            </fieldset>
          ) : null}
        </fieldset>
      ) : null}

      {options ? <OptionsTable id={id} options={options} readOnly={readOnly} edit={edit} /> : null}

      <fieldset className="sd-group">
        <legend>{t.messages}</legend>
        <p className="sd-input__hint">{t.messagesHint}</p>
        {messageKeywords(field).map((keyword) => (
          <CommitInput
            key={keyword}
            label={t.messageFor(t.rules[keyword] ? `${t.rules[keyword]} (${keyword})` : keyword)}
            hint={shared?.[keyword] ? t.sharedMessage(shared[keyword]) : undefined}
            value={text(ownMessages[keyword])}
            readOnly={readOnly}
            onCommit={(value) => edit({ type: 'message', field: id, keyword, text: value })}
          />
        ))}
      </fieldset>

      {!readOnly && position ? (
        <fieldset className="sd-group">
          <legend>{t.order}</legend>
          <button type="button" disabled={position.first} onClick={() => edit({ type: 'field-move', field: id, by: -1 })}>
            {t.fieldUp}
          </button>{' '}
          <button type="button" disabled={position.last} onClick={() => edit({ type: 'field-move', field: id, by: 1 })}>
            {t.fieldDown}
          </button>
        </fieldset>
      ) : null}

      {!readOnly && position && Array.isArray(source.steps) && live !== undefined && isNewField(id, live) ? <RemoveField id={id} edit={edit} /> : null}
    </section>
  );
});

interface OptionsProps {
  id: string;
  options: NonNullable<ReturnType<typeof optionsOf>>;
  readOnly: boolean;
  edit(edit: Edit): string | undefined;
}

function OptionsTable({ id, options, readOnly, edit: editOption }: OptionsProps): ReactNode {
  // A refused move or remove is said beside the table, where the button was pressed.
  const [refusal, setRefusal] = useState('');
  const edit = (made: Edit) => {
    const refused = editOption(made);
    setRefusal(refused ?? '');
    return refused;
  };
  const codeText = (code: unknown) => (code === null || code === undefined ? '' : String(code));
  // After a remove, focus stays in the table: on the next row's remove button, else the new code field.
  const removeAt = (index: number) => {
    const refused = edit({ type: 'option-remove', field: id, index });
    if (refused) return;
    requestAnimationFrame(() => {
      const rows = document.querySelectorAll<HTMLButtonElement>(`[data-option-remove="${CSS.escape(id)}"]`);
      (rows[Math.min(index, rows.length - 1)] ?? document.getElementById(`sd-new-code-${id}`))?.focus();
    });
  };
  return (
    <fieldset className="sd-group">
      <legend>{t.options}</legend>
      <table className="sd-options">
        <thead>
          <tr>
            <th scope="col">{t.optionCode}</th>
            <th scope="col">{t.optionTitle}</th>
            {readOnly ? null : <th scope="col">{t.optionActions}</th>}
          </tr>
        </thead>
        <tbody>
          {options.map((option, index) => (
            <tr key={`${index}:${codeText(option.code)}`}>
              <td>
                <CommitInput labelHidden label={t.optionCodeOf(index + 1)} value={codeText(option.code)} readOnly={readOnly} onCommit={(value) => editOption({ type: 'option-code', field: id, index, code: value })} />
              </td>
              <td>
                <CommitInput labelHidden label={t.optionTitleOf(index + 1)} value={option.title} readOnly={readOnly} onCommit={(value) => editOption({ type: 'option-title', field: id, index, title: value })} />
              </td>
              {readOnly ? null : (
                <td className="sd-options__actions">
                  <button type="button" aria-label={t.optionUp(option.title)} disabled={index === 0} onClick={() => edit({ type: 'option-move', field: id, index, by: -1 })}>
                    {t.up}
                  </button>
                  <button type="button" aria-label={t.optionDown(option.title)} disabled={index === options.length - 1} onClick={() => edit({ type: 'option-move', field: id, index, by: 1 })}>
                    {t.down}
                  </button>
                  <button type="button" aria-label={t.optionRemove(option.title)} data-option-remove={id} onClick={() => removeAt(index)}>
                    {t.remove}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {refusal ? (
        <p className="sd-input__error" role="alert">
          {refusal}
        </p>
      ) : null}
      {readOnly ? null : <NewOption id={id} edit={editOption} />}
    </fieldset>
  );
}

/** A limit a variant gives the field that it does not give yet (`kattokorko`: enintään 50 000). */
function NewVariantLimit({ id, variants, limits, edit }: { id: string; variants: string[]; limits: LimitKeyword[]; edit(edit: Edit): string | undefined }): ReactNode {
  const [variant, setVariant] = useState(variants[0] ?? '');
  const [keyword, setKeyword] = useState<LimitKeyword>(limits[0]);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const add = () => {
    const refused = edit({ type: 'variant-limit', variant, field: id, keyword, value: parseNumber(value) ?? Number.NaN });
    setError(refused ?? '');
    if (!refused) setValue('');
  };
  const errorId = `sd-new-variant-error-${id}`;
  return (
    <div className="sd-new-option">
      <label htmlFor={`sd-new-variant-${id}`}>{t.variant}</label>
      <select id={`sd-new-variant-${id}`} value={variant} onChange={(event) => setVariant(event.target.value)}>
        {variants.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor={`sd-new-variant-limit-${id}`}>{t.limit}</label>
      <select id={`sd-new-variant-limit-${id}`} value={keyword} onChange={(event) => setKeyword(event.target.value as LimitKeyword)}>
        {limits.map((name) => (
          <option key={name} value={name}>
            {t[name]}
          </option>
        ))}
      </select>
      <label htmlFor={`sd-new-variant-value-${id}`}>{t.value}</label>
      <input id={`sd-new-variant-value-${id}`} type="text" inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} aria-describedby={error ? errorId : undefined} />
      <button type="button" onClick={add}>
        {t.addVariantLimit}
      </button>
      {error ? (
        <p id={errorId} className="sd-input__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function NewOption({ id, edit }: { id: string; edit(edit: Edit): string | undefined }): ReactNode {
  const [code, setCode] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const add = () => {
    const refused = edit({ type: 'option-add', field: id, code, title });
    setError(refused ?? '');
    if (!refused) {
      setCode('');
      setTitle('');
      document.getElementById(`sd-new-code-${id}`)?.focus();
    }
  };
  return (
    <div className="sd-new-option">
      <label htmlFor={`sd-new-code-${id}`}>{t.newOptionCode}</label>
      <input id={`sd-new-code-${id}`} type="text" value={code} onChange={(event) => setCode(event.target.value)} aria-describedby={error ? `sd-new-error-${id}` : undefined} />
      <label htmlFor={`sd-new-title-${id}`}>{t.newOptionTitle}</label>
      <input
        id={`sd-new-title-${id}`}
        type="text"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        aria-describedby={error ? `sd-new-error-${id}` : undefined}
      />
      <button type="button" onClick={add}>
        {t.addOption}
      </button>
      {error ? (
        <p id={`sd-new-error-${id}`} className="sd-input__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 'Poista kenttä': refused, and said here, while a rule or the summary still reads the field. */
function RemoveField({ id, edit }: { id: string; edit(edit: Edit): string | undefined }): ReactNode {
  const [error, setError] = useState('');
  return (
    <fieldset className="sd-group">
      <legend>{t.removeField}</legend>
      <p className="sd-input__hint" id={`sd-remove-hint-${id}`}>
        {t.removeFieldHint}
      </p>
      <button type="button" aria-describedby={`sd-remove-hint-${id}`} onClick={() => setError(edit({ type: 'field-remove', field: id }) ?? '')}>
        {t.removeField}
      </button>
      {error ? (
        <p className="sd-input__error" role="alert">
          {t.refused(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
