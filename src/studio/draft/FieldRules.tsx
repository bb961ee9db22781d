// A field's own rules in the inspector: when it shows (`visible`) and when it must be
// answered (`required`: always, never, or when a condition holds), each built with the
// condition builder; the document's checks and warnings about the field read in words.
// Every change is a 'rule' edit (engine/core/studio/edits.ts), which checks the rule's
// fields against the document read with its shared sections, and goes into the history.
import { useId, useState, type ReactNode } from 'react';
import type { ConditionField } from '../../../engine/core/conditions/fields.ts';
import { ruleInWords } from '../../../engine/core/conditions/words.ts';
import type { Edit, RuleKind } from '../../../engine/core/studio/edits.ts';
import { ConditionBuilder } from '../conditions/ConditionBuilder.tsx';
import { draftTexts as t } from './messages.fi.ts';

type Json = Record<string, any>;
type RequiredMode = keyof typeof t.requiredModes;

interface Props {
  id: string;
  field: Json;
  source: Json;
  /** The fields a rule may name (the resolved document's, in step order); undefined while the sections load. */
  fields?: ConditionField[];
  readOnly: boolean;
  edit(edit: Edit): string | undefined;
}

const modeOf = (required: unknown): RequiredMode => (required === true ? 'always' : required === undefined || required === false ? 'never' : 'when');

export function FieldRules({ id, field, source, fields, readOnly, edit }: Props): ReactNode {
  const name = useId();
  // 'kun…' chosen before any condition is built: the field stays as it was until a rule is there.
  const [whenChosen, setWhenChosen] = useState(false);
  const [refusal, setRefusal] = useState<Partial<Record<RuleKind, string>>>({});
  const constants = (source.constants ?? undefined) as Record<string, unknown> | undefined;
  const own = modeOf(field.required);
  const mode: RequiredMode = own === 'when' || !whenChosen ? own : 'when';

  const setRule = (kind: RuleKind, rule: unknown) => {
    const refused = edit({ type: 'rule', field: id, kind, rule });
    setRefusal((current) => ({ ...current, [kind]: refused }));
    return refused;
  };
  const choose = (next: RequiredMode) => {
    if (next === 'when') return setWhenChosen(true);
    setWhenChosen(false);
    setRule('required', next === 'always' ? true : undefined);
  };

  const checks = (kind: 'checks' | 'warnings') => ((Array.isArray(source[kind]) ? source[kind] : []) as Json[]).filter((item) => item && item.field === id && item.rule !== undefined);
  const about = { checks: checks('checks'), warnings: checks('warnings') };

  if (!fields) {
    return (
      <fieldset className="sd-group">
        <legend>{t.conditions}</legend>
        <p role="status">{t.rulesNotReady}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="sd-group sd-rules">
      <legend>{t.conditions}</legend>
      {readOnly ? (
        <p>{ruleInWords(field.visible, 'visible', { fields, constants })}</p>
      ) : (
        <ConditionBuilder rule={field.visible} kind="visible" fields={fields} field={id} constants={constants} onChange={(rule) => setRule('visible', rule)} />
      )}
      {refusal.visible ? (
        <p className="sd-input__error" role="alert">
          {t.refused(refusal.visible)}
        </p>
      ) : null}

      <fieldset className="sd-group sd-group--inner">
        <legend>{t.requiredChoice}</legend>
        {(Object.keys(t.requiredModes) as RequiredMode[]).map((option) => (
          <label key={option} className="sd-radio">
            <input type="radio" name={name} value={option} checked={mode === option} disabled={readOnly} onChange={() => choose(option)} /> {t.requiredModes[option]}
          </label>
        ))}
        {mode === 'when' ? (
          readOnly ? (
            <p>{ruleInWords(field.required, 'required', { fields, constants })}</p>
          ) : (
            <>
              <p className="sd-input__hint">{t.requiredWhenHint}</p>
              <ConditionBuilder
                rule={own === 'when' ? field.required : undefined}
                kind="required"
                fields={fields}
                field={id}
                constants={constants}
                onChange={(rule) => {
                  // An emptied builder is no condition yet, not "never": the choice stays 'kun…'.
                  if (rule === undefined) return;
                  setRule('required', rule);
                }}
              />
            </>
          )
        ) : null}
        {refusal.required ? (
          <p className="sd-input__error" role="alert">
            {t.refused(refusal.required)}
          </p>
        ) : null}
      </fieldset>

      {(['checks', 'warnings'] as const).map((kind) =>
        about[kind].length ? (
          <div key={kind}>
            <h3>{kind === 'checks' ? t.checksOfField : t.warningsOfField}</h3>
            <p className="sd-input__hint">{t.checksHint}</p>
            <ul>
              {about[kind].map((item, index) => (
                <li key={index}>{t.checkLine(ruleInWords(item.rule, kind === 'checks' ? 'check' : 'warning', { fields, constants }), String(item.message ?? ''))}</li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </fieldset>
  );
}
