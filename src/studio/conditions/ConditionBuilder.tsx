// The studio's condition builder (issue 30): a field's visible / required rule, a
// check's or a warning's, as rows of field, comparison and value in and/or groups; the
// rule in words under it; raw JSON for what the rows cannot show. Native controls
// only, each labelled, so it works by keyboard and with a screen reader. An edit that
// names an unknown or later field is told (aria-live) and not passed on.
import { useEffect, useId, useRef, useState } from 'react';
import type { Refusal } from '../../../engine/core/conditions/check.ts';
import {
  addCondition,
  addGroup,
  commitGroup,
  commitJson,
  literalFrom,
  operatorsFor,
  optionValue,
  type Path,
  removeAt,
  updateAt,
  withField,
  withFunction,
  withOperator,
} from '../../../engine/core/conditions/edit.ts';
import type { ConditionField } from '../../../engine/core/conditions/fields.ts';
import { asRootGroup, type Condition, type Group, OPERATORS, type Operator, parseRule, ruleFromRootGroup, SUBJECT_FUNCTIONS, type SubjectFunction, UNARY, type Value } from '../../../engine/core/conditions/model.ts';
import { type RuleKind, ruleInWords } from '../../../engine/core/conditions/words.ts';
import { conditionMessages as m } from './messages.fi.ts';

export interface ConditionBuilderProps {
  /** The rule as the document writes it; `undefined` is none (`true`: always). */
  rule: unknown;
  kind: RuleKind;
  /** The fields a condition may name, in the document's step order (conditionFields). */
  fields: ConditionField[];
  onChange(rule: unknown): void;
  /** The field the rule belongs to: a field of a later step is then refused. */
  field?: string;
  /** The document's constants, for the rule in words. */
  constants?: Record<string, unknown>;
}

interface State {
  group: Group;
  /** Why the builder cannot show the rule; it is then edited as JSON only. */
  rawReason?: string;
  json: string;
  showJson: boolean;
  /** The last rule passed on (or received), which the words describe. */
  committed: unknown;
  refusals: Refusal[];
  jsonError?: string;
}

const stringify = (rule: unknown) => (rule === undefined ? '' : JSON.stringify(rule, null, 2));

function initialState(rule: unknown): State {
  const base = { json: stringify(rule), committed: rule, refusals: [] as Refusal[] };
  if (rule === undefined || rule === null || rule === true) return { ...base, group: asRootGroup(undefined), showJson: false };
  const parsed = parseRule(rule);
  if (parsed.kind === 'raw') return { ...base, group: asRootGroup(undefined), rawReason: parsed.reason, showJson: true };
  return { ...base, group: asRootGroup(parsed.root), showJson: false };
}

export function ConditionBuilder({ rule, kind, fields, onChange, field, constants }: ConditionBuilderProps) {
  const id = useId();
  const [state, setState] = useState(() => initialState(rule));
  // A rule from outside (another editor, an undo) starts the builder over; our own echo does not.
  const emitted = useRef(JSON.stringify(rule));
  const incoming = JSON.stringify(rule);
  useEffect(() => {
    if (incoming !== emitted.current) {
      emitted.current = incoming;
      setState(initialState(rule));
    }
  }, [incoming]);

  // Keyboard users keep their place: a new row's field select, or after 'Poista' the group's 'Lisää ehto'.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const requestFocus = (target: string) => {
    focusNext.current = target;
  };

  const emit = (next: unknown) => {
    emitted.current = JSON.stringify(next);
    onChange(next);
  };

  const applyGroup = (group: Group) => {
    const outcome = commitGroup(group, { fields, field });
    setState((current) => ({
      ...current,
      group,
      json: stringify(ruleFromRootGroup(group)),
      jsonError: undefined,
      refusals: outcome.ok ? [] : outcome.refusals,
      committed: outcome.ok ? outcome.rule : current.committed,
    }));
    if (outcome.ok) emit(outcome.rule);
  };

  const applyJson = (text: string) => {
    const outcome = commitJson(text, { fields, field });
    setState((current) => {
      if (!outcome.ok) return { ...current, json: text, jsonError: 'message' in outcome ? outcome.message : undefined, refusals: 'refusals' in outcome ? outcome.refusals : [] };
      const parsed = outcome.rule === undefined || outcome.rule === true ? undefined : parseRule(outcome.rule);
      return {
        ...current,
        json: text,
        jsonError: undefined,
        refusals: [],
        committed: outcome.rule,
        group: outcome.model ?? (parsed?.kind === 'raw' ? current.group : asRootGroup(undefined)),
        rawReason: parsed?.kind === 'raw' ? parsed.reason : undefined,
      };
    });
    if (outcome.ok) emit(outcome.rule);
  };

  const byId = new Map(fields.map((item) => [item.id, item]));
  const firstField = fields.find((item) => item.id !== field) ?? fields[0];
  const problems = [...(state.jsonError ? [state.jsonError] : []), ...state.refusals.map((refusal) => refusal.message)];
  const refusedAt = new Set(state.refusals.map((refusal) => refusal.at.join('.')));
  // The builder's rows read as they stand (a refused row too); JSON, and `true` with no rows, as last accepted.
  const shownRule = state.showJson || state.group.children.length === 0 ? state.committed : ruleFromRootGroup(state.group);
  const words = ruleInWords(shownRule, kind, { fields, constants });

  return (
    <section className="cb" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{m.title[kind]}</h3>
      {state.showJson ? (
        <div className="cb-json">
          {state.rawReason && <p className="cb-raw">{m.rawOnly(state.rawReason)}</p>}
          <label htmlFor={`${id}-json`}>{m.json}</label>
          <textarea
            id={`${id}-json`}
            rows={10}
            spellCheck={false}
            value={state.json}
            aria-invalid={problems.length > 0 || undefined}
            aria-describedby={`${id}-problems`}
            onChange={(event) => applyJson(event.target.value)}
          />
        </div>
      ) : (
        <GroupView
          node={state.group}
          path={[]}
          ids={id}
          fields={fields}
          byId={byId}
          refusedAt={refusedAt}
          onEdit={applyGroup}
          root={state.group}
          firstField={firstField}
          requestFocus={requestFocus}
        />
      )}
      <div id={`${id}-problems`} className="cb-problems" role="status" aria-live="polite">
        {problems.length > 0 && (
          <>
            <p>{m.refused}</p>
            <ul>
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </>
        )}
      </div>
      <p className="cb-words" id={`${id}-words`}>
        <strong>{m.inWords}:</strong> {words}
      </p>
      <button
        type="button"
        aria-pressed={state.showJson}
        disabled={state.showJson && state.rawReason !== undefined}
        onClick={() => setState((current) => ({ ...current, showJson: !current.showJson }))}
      >
        {m.showJson}
      </button>
    </section>
  );
}

interface GroupViewProps {
  node: Group;
  path: Path;
  ids: string;
  fields: ConditionField[];
  byId: Map<string, ConditionField>;
  refusedAt: Set<string>;
  root: Group;
  onEdit(group: Group): void;
  firstField: ConditionField | undefined;
  requestFocus(id: string): void;
}

const groupKey = (ids: string, path: Path) => `${ids}-g${path.join('-')}`;
const conditionKey = (ids: string, path: Path) => `${ids}-c${path.join('-')}`;

function GroupView(props: GroupViewProps) {
  const { node, path, ids, root, onEdit, firstField, requestFocus } = props;
  const key = groupKey(ids, path);
  const isRoot = path.length === 0;
  const legend = isRoot ? m.rootGroup : m.group(path[path.length - 1] + 1);
  const edit = (change: (group: Group) => Group) => onEdit(updateAt(root, path, (current) => (current.kind === 'group' ? change(current) : current)));
  return (
    <fieldset className="cb-group" aria-invalid={props.refusedAt.has(path.join('.')) || undefined}>
      <legend>{legend}</legend>
      <label htmlFor={`${key}-combinator`}>{m.combinator}</label>
      <select id={`${key}-combinator`} value={node.combinator} onChange={(event) => edit((group) => ({ ...group, combinator: event.target.value as Group['combinator'] }))}>
        <option value="and">{m.combinators.and}</option>
        <option value="or">{m.combinators.or}</option>
      </select>
      <label className="cb-negate" htmlFor={`${key}-not`}>
        <input id={`${key}-not`} type="checkbox" checked={Boolean(node.negated)} onChange={(event) => edit((group) => withNegation(group, event.target.checked))} /> {m.negateGroup}
      </label>
      {node.children.length === 0 && <p>{m.noConditions}</p>}
      <ol className="cb-children">
        {node.children.map((child, index) => (
          <li key={index}>
            {child.kind === 'group' ? (
              <GroupView {...props} node={child} path={[...path, index]} />
            ) : (
              <ConditionRow {...props} condition={child} path={[...path, index]} />
            )}
          </li>
        ))}
      </ol>
      <div className="cb-actions">
        <button
          type="button"
          id={`${key}-add`}
          onClick={() => {
            requestFocus(`${conditionKey(ids, [...path, node.children.length])}-field`);
            onEdit(addCondition(root, path, firstField));
          }}
        >
          {m.addCondition}
        </button>
        <button
          type="button"
          onClick={() => {
            requestFocus(`${conditionKey(ids, [...path, node.children.length, 0])}-field`);
            onEdit(addGroup(root, path, firstField));
          }}
        >
          {m.addGroup}
        </button>
        {!isRoot && (
          <button
            type="button"
            aria-label={m.removeGroup(path[path.length - 1] + 1)}
            onClick={() => {
              requestFocus(`${groupKey(ids, path.slice(0, -1))}-add`);
              onEdit(removeAt(root, path));
            }}
          >
            {m.remove}
          </button>
        )}
      </div>
    </fieldset>
  );
}

function withNegation<T extends { negated?: boolean }>(node: T, negated: boolean): T {
  const { negated: _old, ...rest } = node;
  return (negated ? { ...rest, negated: true } : rest) as T;
}

interface ConditionRowProps extends Omit<GroupViewProps, 'node'> {
  condition: Condition;
}

function ConditionRow({ condition, path, ids, fields, byId, refusedAt, root, onEdit, requestFocus }: ConditionRowProps) {
  const key = conditionKey(ids, path);
  const n = path[path.length - 1] + 1;
  const subject = byId.get(condition.subject.field);
  const edit = (change: (current: Condition) => Condition) => onEdit(updateAt(root, path, (node) => (node.kind === 'condition' ? change(node) : node)));
  const operators = operatorsFor(subject?.kind, condition.subject.fn);
  // A rule written by hand may use an operator the field's kind does not offer: keep showing it.
  const shown = operators.includes(condition.operator) ? operators : [...operators, condition.operator];
  const refused = refusedAt.has(path.join('.'));
  return (
    <fieldset className="cb-condition" aria-invalid={refused || undefined}>
      <legend>{m.condition(n)}</legend>
      <label htmlFor={`${key}-field`}>{m.field}</label>
      <FieldSelect id={`${key}-field`} value={condition.subject.field} fields={fields} invalid={refused} onChange={(value) => edit((current) => withField(current, byId.get(value), value))} />
      {(subject?.kind === 'personalId' || condition.subject.fn) && (
        <>
          <label htmlFor={`${key}-fn`}>{m.measure}</label>
          <select id={`${key}-fn`} value={condition.subject.fn ?? ''} onChange={(event) => edit((current) => withFunction(current, subject, (event.target.value || undefined) as SubjectFunction | undefined))}>
            {(['', ...SUBJECT_FUNCTIONS] as const).map((fn) => (
              <option key={fn} value={fn}>
                {m.measures[fn]}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${key}-operator`}>{m.operator}</label>
      <select id={`${key}-operator`} value={condition.operator} onChange={(event) => edit((current) => withOperator(current, subject, event.target.value as Operator))}>
        {OPERATORS.filter((operator) => shown.includes(operator)).map((operator) => (
          <option key={operator} value={operator}>
            {m.operators[operator]}
          </option>
        ))}
      </select>
      {!UNARY.has(condition.operator) && (
        <ValueEditor
          ids={key}
          condition={condition}
          subject={subject}
          fields={fields}
          onChange={(value, part) => edit((current) => ({ ...current, [part]: value }))}
        />
      )}
      <label className="cb-negate" htmlFor={`${key}-not`}>
        <input id={`${key}-not`} type="checkbox" checked={Boolean(condition.negated)} onChange={(event) => edit((current) => withNegation(current, event.target.checked))} /> {m.negateCondition}
      </label>
      <button
        type="button"
        aria-label={m.removeCondition(n)}
        onClick={() => {
          requestFocus(`${groupKey(ids, path.slice(0, -1))}-add`);
          onEdit(removeAt(root, path));
        }}
      >
        {m.remove}
      </button>
    </fieldset>
  );
}

function FieldSelect({ id, value, fields, invalid, onChange }: { id: string; value: string; fields: ConditionField[]; invalid?: boolean; onChange(value: string): void }) {
  const known = fields.some((item) => item.id === value);
  return (
    <select id={id} value={value} aria-invalid={invalid || undefined} onChange={(event) => onChange(event.target.value)}>
      {value === '' && <option value="">{m.chooseField}</option>}
      {!known && value !== '' && <option value={value}>{m.unknownField(value)}</option>}
      {fields.map((item) => (
        <option key={item.id} value={item.id}>
          {item.label}
        </option>
      ))}
    </select>
  );
}

interface ValueEditorProps {
  ids: string;
  condition: Condition;
  subject: ConditionField | undefined;
  fields: ConditionField[];
  onChange(value: Value, part: 'value' | 'upper'): void;
}

function ValueEditor({ ids, condition, subject, fields, onChange }: ValueEditorProps) {
  const { operator } = condition;
  if (operator === 'monthYearNotInFuture' || operator === 'monthYearNotInPast') {
    const year = condition.value?.kind === 'field' ? condition.value.field : '';
    return (
      <>
        <label htmlFor={`${ids}-year`}>{m.yearField}</label>
        <FieldSelect id={`${ids}-year`} value={year} fields={fields} onChange={(value) => onChange({ kind: 'field', field: value }, 'value')} />
      </>
    );
  }
  if (operator === 'in') return <ListEditor ids={ids} condition={condition} subject={subject} onChange={(value) => onChange(value, 'value')} />;
  if (operator === 'between')
    return (
      <>
        <SingleValue ids={`${ids}-low`} label={m.lower} value={condition.value} condition={condition} subject={subject} fields={fields} onChange={(value) => onChange(value, 'value')} />
        <SingleValue ids={`${ids}-high`} label={m.upper} value={condition.upper} condition={condition} subject={subject} fields={fields} onChange={(value) => onChange(value, 'upper')} />
      </>
    );
  return <SingleValue ids={ids} label={m.value} value={condition.value} condition={condition} subject={subject} fields={fields} onChange={(value) => onChange(value, 'value')} />;
}

interface SingleValueProps {
  ids: string;
  label: string;
  value: Value | undefined;
  condition: Condition;
  subject: ConditionField | undefined;
  fields: ConditionField[];
  onChange(value: Value): void;
}

/** One value: a literal (a select of the choices, yes/no, or text), another field, or a constant. */
function SingleValue({ ids, label, value, condition, subject, fields, onChange }: SingleValueProps) {
  const source = value?.kind === 'field' || value?.kind === 'const' ? value.kind : 'literal';
  const fn = condition.subject.fn;
  const literal = value?.kind === 'literal' ? value.value : '';
  const options: Array<{ value: unknown; title: string }> | undefined =
    fn === 'personalIdSex'
      ? Object.entries(m.sexes).map(([sex, title]) => ({ value: sex, title }))
      : !fn && subject?.options
        ? subject.options
        : !fn && subject?.kind === 'boolean'
          ? [
              { value: true, title: m.yes },
              { value: false, title: m.no },
            ]
          : undefined;
  const setSource = (next: string) =>
    onChange(next === 'field' ? { kind: 'field', field: '' } : next === 'const' ? { kind: 'const', path: '' } : { kind: 'literal', value: options ? (options[0].value as never) : '' });
  return (
    <div className="cb-value">
      <label htmlFor={`${ids}-source`}>{label === m.value ? m.valueSource : `${label}: ${m.valueSource.toLocaleLowerCase('fi')}`}</label>
      <select id={`${ids}-source`} value={source} onChange={(event) => setSource(event.target.value)}>
        {(['literal', 'field', 'const'] as const).map((kind) => (
          <option key={kind} value={kind}>
            {m.valueSources[kind]}
          </option>
        ))}
      </select>
      {source === 'field' && (
        <>
          <label htmlFor={`${ids}-other`}>{m.otherField}</label>
          <FieldSelect id={`${ids}-other`} value={value?.kind === 'field' ? value.field : ''} fields={fields} onChange={(field) => onChange({ kind: 'field', field })} />
        </>
      )}
      {source === 'const' && (
        <>
          <label htmlFor={`${ids}-const`}>{m.constant}</label>
          <input id={`${ids}-const`} type="text" value={value?.kind === 'const' ? value.path : ''} onChange={(event) => onChange({ kind: 'const', path: event.target.value.trim() })} />
        </>
      )}
      {source === 'literal' && options && (
        <>
          <label htmlFor={`${ids}-value`}>{label}</label>
          <select
            id={`${ids}-value`}
            value={String(Math.max(0, options.findIndex((option) => option.value === literal)))}
            onChange={(event) => onChange({ kind: 'literal', value: fn === 'personalIdSex' || subject?.kind === 'boolean' ? (options[Number(event.target.value)].value as never) : optionValue(subject, Number(event.target.value)) })}
          >
            {/* A value that is not a choice stays visible so the refusal can be read against it. */}
            {!options.some((option) => option.value === literal) && <option value="-1">{String(literal)}</option>}
            {options.map((option, index) => (
              <option key={index} value={String(index)}>
                {option.title}
              </option>
            ))}
          </select>
        </>
      )}
      {source === 'literal' && !options && (
        <>
          <label htmlFor={`${ids}-value`}>{label}</label>
          <DraftInput
            id={`${ids}-value`}
            inputMode={subject?.kind === 'number' || fn === 'personalIdAge' ? 'decimal' : undefined}
            text={literal === null ? '' : String(literal)}
            reads={(text) => String(literalFrom(text, subject, fn))}
            onText={(text) => onChange({ kind: 'literal', value: literalFrom(text, subject, fn) })}
          />
        </>
      )}
    </div>
  );
}

/** `in`: checkboxes of a choice field's choices, or comma-separated values. */
function ListEditor({ ids, condition, subject, onChange }: { ids: string; condition: Condition; subject: ConditionField | undefined; onChange(value: Value): void }) {
  const values = condition.value?.kind === 'list' ? condition.value.values : [];
  const listFrom = (text: string) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => literalFrom(item, subject, condition.subject.fn));
  if (subject?.options) {
    const toggle = (value: unknown, on: boolean) => {
      // Kept in the order the choices are listed, which is how the rule reads in words.
      const chosen = subject.options!.map((option) => option.value).filter((item) => (item === value ? on : values.includes(item)));
      const strays = values.filter((item) => !subject.options!.some((option) => option.value === item));
      onChange({ kind: 'list', values: [...chosen, ...strays] });
    };
    return (
      <fieldset className="cb-list">
        <legend>{m.values}</legend>
        {subject.options.map((option, index) => (
          <label key={index} htmlFor={`${ids}-in-${index}`}>
            <input id={`${ids}-in-${index}`} type="checkbox" checked={values.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} /> {option.title}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <>
      <label htmlFor={`${ids}-list`}>{m.values}</label>
      <DraftInput
        id={`${ids}-list`}
        describedBy={`${ids}-list-hint`}
        text={values.map(String).join(', ')}
        reads={(text) => listFrom(text).map(String).join(', ')}
        onText={(text) => onChange({ kind: 'list', values: listFrom(text) })}
      />
      <span id={`${ids}-list-hint`}>{m.valuesHint}</span>
    </>
  );
}

/**
 * A text input that keeps what is typed ('1,' on the way to '1,5'; 'a, ' before the next
 * value) while the model holds the parsed value; a different value from outside replaces it.
 */
function DraftInput({ id, text, reads, onText, inputMode, describedBy }: { id: string; text: string; reads(draft: string): string; onText(text: string): void; inputMode?: 'decimal'; describedBy?: string }) {
  const [draft, setDraft] = useState(text);
  const [from, setFrom] = useState(text);
  if (text !== from) {
    setFrom(text);
    if (reads(draft) !== text) setDraft(text);
  }
  return (
    <input
      id={id}
      type="text"
      inputMode={inputMode}
      aria-describedby={describedBy}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        onText(event.target.value);
      }}
    />
  );
}

