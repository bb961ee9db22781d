// The studio's outline of a written form document (or a shared section) in format 2:
// its steps, their sections and the fields in the order an applicant meets them. A field
// a document includes from a shared section is listed where it appears, named as the
// applicant sees it (`Kanssahakijan etunimet`) and marked with the section and party it
// comes from: it is edited in the section, not in the document. Pure: the caller hands in
// the sections it has (the studio fetches their live versions), and without them an
// include is one entry saying which section goes there.
import { resolveWritten } from '../format/resolve.ts';
import { isSectionRef, type LoadSection } from '../sections.ts';
import type { JsonSchema } from '../types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What kind of answer a field asks for, as the studio names it to an editor. */
export type FieldKind = 'text' | 'email' | 'phone' | 'postal-code' | 'money' | 'number' | 'slider' | 'choice' | 'checkbox' | 'month-year' | 'rows' | 'derived';

export interface TreeField {
  /** The id the field is written under: the document's own id, or the section's name (`Firstnames`). */
  id: string;
  /** The flat id the applicant's data uses (`coApplicantFirstnames`); the same as `id` for an own field. */
  flatId: string;
  /** The short name (error summary, summary panel); the schema title when there is none. */
  label: string;
  /** The question the form shows (schema title). */
  question?: string;
  kind: FieldKind;
  /** Set for a field that comes from a shared section: edited there, read-only here. */
  from?: { section: string; party: string };
}

/** An include whose section was not available: the fields it places are not known here. */
export interface TreeInclude {
  include: { section: string; party: string };
}

export type TreeEntry = TreeField | TreeInclude;

export interface TreeSection {
  /** Index in the step's `sections`. */
  index: number;
  title?: string;
  entries: TreeEntry[];
}

export interface TreeStep {
  /** Index in the document's `steps` (a section source has one step, index 0). */
  index: number;
  id: string;
  number: number;
  title: string;
  sections: TreeSection[];
}

export interface DocumentTree {
  kind: 'document' | 'section';
  id: string;
  title: string;
  steps: TreeStep[];
  /** The document's own fields that no step shows: computed from others (derived). */
  derived: TreeField[];
}

export const isTreeField = (entry: TreeEntry): entry is TreeField => 'id' in entry;

/** A format-2 section source (forms/sections/*.json) rather than a document: fields and no steps. */
export const isSectionSource = (source: unknown): boolean => isObject(source) && !Array.isArray(source.steps) && isObject(source.fields);

const WIDGET_KINDS: Record<string, FieldKind> = {
  email: 'email',
  tel: 'phone',
  postalCode: 'postal-code',
  money: 'money',
  slider: 'slider',
  amountSlider: 'slider',
  tenorSlider: 'slider',
  monthSelect: 'month-year',
  yearSelect: 'month-year',
  select: 'choice',
  radio: 'choice',
  radioCards: 'choice',
  purposeCards: 'choice',
  checkbox: 'checkbox',
  rowList: 'rows',
  loanRows: 'rows',
};

/** The kind of a written field: its widget first, then what its schema says. */
export function fieldKind(field: unknown): FieldKind {
  if (!isObject(field)) return 'text';
  if (field.derived !== undefined) return 'derived';
  const widget = isObject(field.ui) ? field.ui['ui:widget'] : undefined;
  if (typeof widget === 'string' && WIDGET_KINDS[widget]) return WIDGET_KINDS[widget];
  const schema = (isObject(field.schema) ? field.schema : {}) as JsonSchema & Json;
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.enum)) return 'choice';
  if (schema.type === 'boolean') return 'checkbox';
  if (schema.type === 'array' || (typeof schema.$ref === 'string' && isObject(field.rows))) return 'rows';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  return 'text';
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function ownField(id: string, field: unknown): TreeField {
  const written = isObject(field) ? field : {};
  const question = textOf(isObject(written.schema) ? written.schema.title : undefined);
  return { id, flatId: id, label: textOf(written.label) ?? question ?? id, ...(question ? { question } : {}), kind: fieldKind(written) };
}

/** The fields each `{section, party}` places, from the resolved document; undefined when it does not resolve. */
function includedFields(source: Json, loadSection: LoadSection): Map<string, TreeField[]> | undefined {
  let resolution;
  try {
    resolution = resolveWritten(source, loadSection);
  } catch {
    return undefined;
  }
  if (resolution.findings.length) return undefined;
  const flat = resolution.document;
  const byRef = new Map<string, TreeField[]>();
  for (const step of flat.steps ?? [])
    for (const section of step.sections ?? [])
      for (const flatId of section.fields) {
        const origin = resolution.origin(`/schema/properties/${flatId}`);
        if (!origin.section || !origin.party) continue;
        const name = origin.path.split('/')[2] ?? flatId;
        const schema = flat.schema.properties[flatId] as Json | undefined;
        const question = textOf(schema?.title);
        const field: TreeField = {
          id: name,
          flatId,
          label: flat.labels[flatId] ?? question ?? flatId,
          ...(question ? { question } : {}),
          kind: fieldKind({ schema, ui: flat.ui?.[flatId], rows: Object.keys(flat.labels).some((key) => key.startsWith(`${flatId}.*.`)) ? {} : undefined }),
          from: { section: origin.section, party: origin.party },
        };
        const key = `${origin.section}\0${origin.party}`;
        byRef.set(key, [...(byRef.get(key) ?? []), field]);
      }
  return byRef;
}

/**
 * The outline of a written document or section. `loadSection` gives a section's source by
 * id (throwing or returning undefined when it is not available); without it, or when the
 * document does not resolve, each include is a TreeInclude.
 */
export function buildTree(source: unknown, loadSection?: (id: string) => unknown): DocumentTree {
  if (!isObject(source)) return { kind: 'document', id: '', title: '', steps: [], derived: [] };
  const fields = isObject(source.fields) ? source.fields : {};
  if (isSectionSource(source)) {
    const id = String(source.id ?? '');
    const title = String(source.title ?? id);
    const all = Object.entries(fields).map(([name, field]) => ownField(name, field));
    return {
      kind: 'section',
      id,
      title,
      steps: [{ index: 0, id, number: 1, title, sections: [{ index: 0, title, entries: all.filter((field) => field.kind !== 'derived') }] }],
      derived: all.filter((field) => field.kind === 'derived'),
    };
  }
  const included = loadSection
    ? includedFields(source, (id) => {
        const section = loadSection(id);
        if (section === undefined) throw new Error(`osiota ${id} ei ole saatavilla`);
        return structuredClone(section);
      })
    : undefined;
  const onStep = new Set<string>();
  const steps: TreeStep[] = (Array.isArray(source.steps) ? source.steps : []).filter(isObject).map((step, index) => ({
    index,
    id: String(step.id ?? index),
    number: typeof step.number === 'number' ? step.number : index + 1,
    title: String(step.title ?? ''),
    sections: (Array.isArray(step.sections) ? step.sections : []).filter(isObject).map((section, sectionIndex) => ({
      index: sectionIndex,
      ...(typeof section.title === 'string' ? { title: section.title } : {}),
      entries: (Array.isArray(section.fields) ? section.fields : []).flatMap((entry): TreeEntry[] => {
        if (typeof entry === 'string') {
          onStep.add(entry);
          return [ownField(entry, fields[entry])];
        }
        if (isSectionRef(entry)) {
          const placed = included?.get(`${entry.section}\0${entry.party}`);
          return placed ? placed : [{ include: { section: entry.section, party: entry.party } }];
        }
        return [];
      }),
    })),
  }));
  const derived = Object.entries(fields)
    .filter(([id]) => !onStep.has(id))
    .map(([id, field]) => ownField(id, field));
  return { kind: 'document', id: String(source.id ?? ''), title: String(source.title ?? ''), steps, derived };
}

/** Every field of the tree in order (steps first, then the derived ones). */
export function treeFields(tree: DocumentTree): TreeField[] {
  return [...tree.steps.flatMap((step) => step.sections.flatMap((section) => section.entries.filter(isTreeField))), ...tree.derived];
}
