// Whether a condition may name the fields it names. A rule may read the field it
// belongs to, the fields of earlier steps and the other fields of the same step (the
// step shows and checks its fields live: consumer's IBAN field hides when the checkbox
// below it is ticked); a field of a later step has no answer yet when the rule runs,
// and a field the document does not have never has one. A choice field's value must
// be one of its choices.
import { withParty } from '../sections.ts';
import type { ConditionField } from './fields.ts';
import type { Condition, ConditionNode, Scalar, Value } from './model.ts';
import { conditionTexts } from './texts.fi.ts';

export interface Refusal {
  /** Where in the model: child indexes from the root (`[]` is the root itself). */
  at: number[];
  message: string;
}

export interface CheckOptions {
  /** The flat id of the field the rule belongs to (its `visible`, `required`, a check's or a warning's `field`). */
  field: string;
  /** The document's fields in step order (conditionFields, and rowFields for a check on a list row). */
  fields: readonly ConditionField[];
  /** The prefix `{party}` stands for in a section's rule (`coApplicant`; `''` for a plain one); unset outside sections. */
  party?: string;
}

const texts = conditionTexts.refusal;

/** `$const.…` and `$texts.…` are the document's, not fields; `$row.…` is the row a check runs on. */
const isField = (path: string) => !path.startsWith('$') || path.startsWith('$row.');

export function checkReferences(root: ConditionNode, options: CheckOptions): Refusal[] {
  const resolve = (path: string) => (options.party === undefined ? path : withParty(path, options.party));
  const byId = new Map(options.fields.map((field, index) => [field.id, { field, index }]));
  const own = byId.get(options.field);
  const refusals: Refusal[] = [];

  const reference = (path: string, at: number[]) => {
    if (!isField(path)) return;
    // A row property (`list.0.prop`) or an object's (`a.b`) lives under the top-level field.
    const id = path.startsWith('$row.') ? resolve(path) : resolve(path).split('.')[0];
    const found = byId.get(id);
    if (!found) return refusals.push({ at, message: texts.unknownField(path) });
    if (own && isLater(found.field, found.index, own.field, own.index)) refusals.push({ at, message: texts.laterField(found.field.label) });
  };

  const visit = (node: ConditionNode, at: number[]) => {
    if (node.kind === 'group') {
      if (node.children.length === 0) refusals.push({ at, message: texts.emptyGroup });
      node.children.forEach((child, index) => visit(child, [...at, index]));
      return;
    }
    reference(node.subject.field, at);
    for (const value of [node.value, node.upper]) if (value?.kind === 'field') reference(value.field, at);
    checkValues(node, at);
  };

  const checkValues = (condition: Condition, at: number[]) => {
    const subject = byId.get(resolve(condition.subject.field))?.field;
    if (!subject) return;
    if (needsValue(condition) && !hasValue(condition.value)) refusals.push({ at, message: texts.missingValue(subject.label) });
    if (!subject.options || condition.subject.fn) return;
    const choices = new Set(subject.options.map((option) => option.value));
    const values = condition.value?.kind === 'literal' ? [condition.value.value] : condition.value?.kind === 'list' ? condition.value.values : [];
    // null tests "not answered", which every field can be; '' is a missing value, told above.
    for (const value of values) if (value !== null && value !== '' && !choices.has(value)) refusals.push({ at, message: texts.notAnOption(String(value), subject.label) });
  };

  visit(root, []);
  return refusals;
}

/** Later: a later step; without steps (a derived value), the order the document lists fields in. */
function isLater(field: ConditionField, index: number, own: ConditionField, ownIndex: number): boolean {
  if (field.step === undefined) return false;
  if (own.step === undefined) return index > ownIndex;
  return field.step > own.step;
}

const needsValue = (condition: Condition) => !['truthy', 'falsy', 'hasValue', 'isEmpty'].includes(condition.operator);

function hasValue(value: Value | undefined): boolean {
  if (!value) return false;
  if (value.kind === 'list') return value.values.length > 0;
  if (value.kind === 'field') return value.field !== '';
  if (value.kind === 'const') return value.path !== '';
  return value.value !== ('' as Scalar);
}
