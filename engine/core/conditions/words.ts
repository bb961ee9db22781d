// A rule in Finnish words, with the fields' labels and the choices' titles: what the
// studio shows under the builder so an editor reads what the rule means
// ('näytetään, kun työsuhteen tyyppi on vakituinen tai määräaikainen').
import { withParty } from '../sections.ts';
import type { ConditionField } from './fields.ts';
import { type Condition, type ConditionNode, parseRule, type Scalar, type Value } from './model.ts';
import { conditionTexts } from './texts.fi.ts';

export type RuleKind = 'visible' | 'required' | 'check' | 'warning';

export interface WordsOptions {
  fields: readonly ConditionField[];
  /** The prefix `{party}` stands for in a section's rule; unset outside sections. */
  party?: string;
  /** The document's constants, so `$const.limit` reads as its value. */
  constants?: Record<string, unknown>;
}

const words = conditionTexts.words;

/** A label or a title inside a sentence: an ordinary word starts in lower case, `PEP-selvitys` keeps its capital. */
export const inSentence = (text: string) => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLocaleLowerCase('fi') + text.slice(1) : text);

/** The whole rule in words: `undefined` is no rule, `true` always, a rule the builder cannot show says so. */
export function ruleInWords(rule: unknown, kind: RuleKind, options: WordsOptions): string {
  if (rule === undefined || rule === null) return words.none[kind];
  if (rule === true) return words.always[kind];
  const parsed = parseRule(rule);
  if (parsed.kind === 'raw') return words.raw;
  return `${words.lead[kind]} ${nodeInWords(parsed.root, options)}`;
}

/** A phrase: `<subject> on|ei ole <rest>`, so a negation and `eikä` can turn it. */
interface Phrase {
  subject: string;
  positive: boolean;
  rest: string;
}

export function nodeInWords(node: ConditionNode, options: WordsOptions): string {
  const resolve = (path: string) => (options.party === undefined ? path : withParty(path, options.party));
  const fieldOf = (path: string) => options.fields.find((field) => field.id === resolve(path));
  const labelOf = (path: string) => inSentence(fieldOf(path)?.label ?? path);

  const valueWords = (value: Value | undefined, condition: Condition): string => {
    if (!value) return '';
    switch (value.kind) {
      case 'field':
        return labelOf(value.field);
      case 'const': {
        const found = value.path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), options.constants);
        return typeof found === 'number' ? numberWords(found) : typeof found === 'string' ? found : words.constant(value.path);
      }
      case 'list':
        return joined(value.values.map((item) => scalarWords(item, condition)), words.or);
      case 'literal':
        return scalarWords(value.value, condition);
    }
  };

  const scalarWords = (value: Scalar, condition: Condition): string => {
    if (value === null || value === '') return words.nothing;
    if (condition.subject.fn === 'personalIdSex') return words.sexes[String(value)] ?? String(value);
    const option = condition.subject.fn ? undefined : fieldOf(condition.subject.field)?.options?.find((item) => item.value === value);
    if (option) return inSentence(option.title);
    if (typeof value === 'boolean') return value ? words.yes : words.no;
    return typeof value === 'number' ? numberWords(value) : String(value);
  };

  const subjectWords = (condition: Condition): string => {
    const label = labelOf(condition.subject.field);
    if (condition.subject.fn === 'personalIdAge') return words.age(label);
    if (condition.subject.fn === 'personalIdSex') return words.sex(label);
    return label;
  };

  const phrase = (condition: Condition): Phrase => {
    const subject = subjectWords(condition);
    const isBoolean = !condition.subject.fn && fieldOf(condition.subject.field)?.kind === 'boolean';
    const value = condition.value;
    const make = (positive: boolean, rest: string): Phrase => ({ subject, positive: condition.negated ? !positive : positive, rest });
    switch (condition.operator) {
      case 'truthy':
        return make(true, isBoolean ? words.selected : words.given);
      case 'falsy':
        return make(false, isBoolean ? words.selected : words.given);
      case 'hasValue':
        return make(true, words.given);
      case 'isEmpty':
        return make(true, words.empty);
      case '==':
      case '!=': {
        const equal = condition.operator === '==';
        if (isBoolean && value?.kind === 'literal' && typeof value.value === 'boolean') return make(equal === value.value, words.selected);
        if (value?.kind === 'field') return make(equal, words.sameAs(labelOf(value.field)));
        return make(equal, valueWords(value, condition));
      }
      case '<':
        return make(true, `${words.less} ${valueWords(value, condition)}`);
      case '<=':
        return make(true, `${words.atMost} ${valueWords(value, condition)}`);
      case '>':
        return make(true, `${words.more} ${valueWords(value, condition)}`);
      case '>=':
        return make(true, `${words.atLeast} ${valueWords(value, condition)}`);
      case 'in':
        return make(true, valueWords(value, condition));
      case 'between':
        return make(true, words.between(valueWords(value, condition), valueWords(condition.upper, condition)));
      case 'monthYearNotInFuture':
      case 'monthYearNotInPast':
        return {
          ...make(false, condition.operator === 'monthYearNotInFuture' ? words.inFuture : words.inPast),
          subject: words.monthYear(labelOf(condition.subject.field), value?.kind === 'field' ? labelOf(value.field) : ''),
        };
    }
  };

  const sentence = ({ subject, positive, rest }: Phrase) => `${subject} ${positive ? words.is : words.isNot} ${rest}`;

  const visit = (current: ConditionNode, nested: boolean): string => {
    if (current.kind === 'condition') return sentence(phrase(current));
    const parts = current.children.map((child, index) => {
      // 'A ja B ei ole C' reads 'A eikä B ole C' in Finnish.
      if (current.combinator === 'and' && index > 0 && child.kind === 'condition') {
        const turned = phrase(child);
        if (!turned.positive) return { text: `${turned.subject} ${words.notVerb} ${turned.rest}`, andNot: true };
      }
      return { text: visit(child, current.children.length > 1 || Boolean(current.negated)), andNot: false };
    });
    const combinator = current.combinator === 'and' ? words.and : words.or;
    let text = '';
    parts.forEach((part, index) => {
      if (index === 0) text = part.text;
      else if (part.andNot) text += ` ${words.andNot} ${part.text}`;
      else text += `${index === parts.length - 1 || parts[index + 1].andNot ? ` ${combinator} ` : ', '}${part.text}`;
    });
    if (current.negated) text = `${words.notOpen} ${text}`;
    return nested && (current.children.length > 1 || current.negated) ? `(${text})` : text;
  };

  return visit(node, false);
}

/** A number as Finnish writes it: a decimal comma (1,5), digits not grouped (20000 reads as the document writes it). */
const numberWords = (value: number) => String(value).replace('.', ',');

/** 'a, b tai c' */
function joined(items: string[], last: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}
