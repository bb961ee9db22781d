// A field's own rules in the inspector: when it shows (`visible`) and when it must be
// answered (`required`: always, never, or when a condition holds), each built with the
// condition builder; the document's checks and warnings about the field likewise, each
// with its message. Every change is an edit (engine/core/studio/edits.ts: 'rule', 'check-…'),
// which checks the rule's fields against the document read with its shared sections, and
// goes into the history. In a shared section's own draft the rules name its fields as the
// section writes them (`{party}Email`), checked in a live document that includes it.
import { useId, useState, type ReactNode } from 'react';
import type { ConditionField } from '../../../engine/core/conditions/fields.ts';
import { ruleInWords } from '../../../engine/core/conditions/words.ts';
import { PARTY_PLACEHOLDER } from '../../../engine/core/sections.ts';
import { isSectionSource } from '../../../engine/core/studio/tree.ts';
import { checkItems, type CheckList, type Edit, type RuleKind } from '../../../engine/core/studio/edits.ts';
import { ConditionBuilder } from '../conditions/ConditionBuilder.tsx';
import { CommitInput } from './CommitInput.tsx';
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
  // A shared section's own draft: its rules name its fields as it writes them, `{party}Email`.
  const inSection = isSectionSource(source);
  const ruleId = inSection ? `${PARTY_PLACEHOLDER}${id}` : id;
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

  // Each keeps its place in the document's list: the edits name it by that index.
  const checks = (list: CheckList) => checkItems(source, list).filter(({ item }) => item.field === id && item.rule !== undefined);
  const about = { checks: checks('checks'), warnings: checks('warnings') };
  const [checkRefusal, setCheckRefusal] = useState<Record<string, string | undefined>>({});
  const editCheck = (key: string, made: Edit) => {
    const refused = edit(made);
    setCheckRefusal((current) => ({ ...current, [key]: refused }));
    return refused;
  };

  if (!fields) {
    return (
      <fieldset className="sd-group">
        <legend>{t.conditions}</legend>
        <p role="status">{inSection ? t.sectionRulesNotReady : t.rulesNotReady}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="sd-group sd-rules">
      <legend>{t.conditions}</legend>
      {readOnly ? (
        <p>{ruleInWords(field.visible, 'visible', { fields, constants })}</p>
      ) : (
        <ConditionBuilder rule={field.visible} kind="visible" fields={fields} field={ruleId} constants={constants} onChange={(rule) => setRule('visible', rule)} />
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
                field={ruleId}
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

      {(['checks', 'warnings'] as const).map((list) => {
        const kind = list === 'checks' ? 'check' : 'warning';
        const itemName = list === 'checks' ? t.checkItem : t.warningItem;
        if (readOnly && !about[list].length) return null;
        return (
          <div key={list} className="sd-checks">
            <h3>{list === 'checks' ? t.checksOfField : t.warningsOfField}</h3>
            <p className="sd-input__hint">{t.checksHint}</p>
            {readOnly ? (
              <ul>
                {about[list].map(({ item, index }) => (
                  <li key={index}>{t.checkLine(ruleInWords(item.rule, kind, { fields, constants }), String(item.message ?? ''))}</li>
                ))}
              </ul>
            ) : (
              about[list].map(({ item, index, name: written }, number) => {
                // A section names its checks (`EmailRepeat`); a document's have an id.
                const checkId = String(item.id ?? written ?? '');
                const key = `${list}:${index}`;
                const name = itemName(number + 1);
                return (
                  <fieldset key={`${key}:${checkId}`} className="sd-group sd-group--inner" data-check={checkId}>
                    <legend>{name}</legend>
                    <ConditionBuilder
                      rule={item.rule}
                      kind={kind}
                      fields={fields}
                      field={ruleId}
                      constants={constants}
                      onChange={(rule) => {
                        // An emptied builder is no rule yet; a check keeps its old one until there is.
                        if (rule === undefined) return;
                        editCheck(key, { type: 'check-rule', list, index, rule });
                      }}
                    />
                    {checkRefusal[key] ? (
                      <p className="sd-input__error" role="alert">
                        {t.refused(checkRefusal[key])}
                      </p>
                    ) : null}
                    <CommitInput
                      label={t.checkMessage}
                      hint={t.checkMessageHint}
                      value={String(item.message ?? '')}
                      onCommit={(text) => edit({ type: 'check-message', list, index, text })}
                    />
                    <button type="button" aria-label={t.removeCheckNamed(name)} onClick={() => editCheck(key, { type: 'check-remove', list, index })}>
                      {t.removeCheck}
                    </button>
                  </fieldset>
                );
              })
            )}
            {readOnly ? null : (
              <button
                type="button"
                onClick={() => editCheck(`${list}:add`, { type: 'check-add', list, field: id, rule: { '!!': { var: ruleId } }, message: t.newCheckMessage })}
              >
                {list === 'checks' ? t.addCheck : t.addWarning}
              </button>
            )}
            {checkRefusal[`${list}:add`] ? (
              <p className="sd-input__error" role="alert">
                {t.refused(checkRefusal[`${list}:add`] as string)}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
