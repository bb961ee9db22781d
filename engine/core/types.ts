// The shape of a form document (forms/*.json). The meta-schema in
// form-document.schema.json is the authority; these types mirror it for the code.

/** A JSON-Logic expression (json-logic-js). */
export type Logic = unknown;

export type JsonSchema = Record<string, unknown>;

export interface StepSection {
  title?: string;
  description?: string;
  fields: string[];
}

export interface Step {
  id: string;
  number: number;
  title: string;
  /** A fixed label, or a rule that returns one (e.g. depends on hasCoApplicant). */
  button: string | Logic;
  /**
   * How far the flow is at this step, in per cent: the progress bar and 'Vaihe n/total'.
   * A document whose steps leave it out is a plain form (a page's own, the login's), not a
   * journey: neither is shown. Every step or none (forms:check). `'answered'` (a form of one
   * page, the business loan's) reads it from the answers: the share of the step's required
   * fields answered, with no step count.
   */
  progress?: number | 'answered';
  /** The step is part of the flow only when this rule holds. */
  when?: Logic;
  sections: StepSection[];
}

export interface SummarySection {
  id: string;
  title: string;
  /** The step the edit pencil returns to. */
  step: number;
  /** Shown once the applicant is past this step. */
  showAfterStep: number;
  when?: Logic;
  fields: string[];
}

export interface Check {
  id: string;
  /** A field id; `list.*.prop` runs the rule once per row with `$row` and `$index`. */
  field: string;
  rule: Logic;
  /** Finnish message; the document's `messages.default` when absent. */
  message?: string;
  /** Evaluate even when the field is empty (group rules such as "choose at least one"). */
  whenEmpty?: boolean;
}

/**
 * A notice beside a visible field with an answer when `rule` does not hold ('check
 * that the income is right'). It is shown, in the step and in the summary, and never
 * stops a step or a save.
 */
export interface Warning {
  id: string;
  /** A top-level field id. */
  field: string;
  rule: Logic;
  message: string;
}

export interface Rules {
  visible?: Record<string, Logic>;
  required?: Record<string, true | Logic>;
  checks?: Check[];
  warnings?: Warning[];
  /** Stored values computed from others, in order (later ones may use earlier ones). */
  derived?: Record<string, Logic>;
  /** Display-only values, never stored. */
  computed?: Record<string, Logic>;
}

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

export interface FormDocument {
  $schema?: string;
  id: string;
  version: number;
  title: string;
  constants?: Record<string, unknown>;
  texts?: Record<string, string>;
  schema: JsonSchema & { properties: Record<string, JsonSchema> };
  steps: Step[];
  summary?: SummarySection[];
  rules?: Rules;
  /** Field → normaliser name(s) applied before validation, in the browser and on the server. */
  normalize?: Record<string, string | string[]>;
  ui?: Record<string, Record<string, unknown>>;
  /** Friendly Finnish names for the error summary and summary panel; `list.*.prop` with {n}. */
  labels: Record<string, string>;
  /** Message per keyword (`minimum`, `type.number`, `fiIban.checksum`, …) with {limit}-style params. */
  messages: Record<string, string>;
  /** Per-field overrides of `messages`; keys may use `list.*.prop`. */
  fieldMessages?: Record<string, Record<string, string>>;
  /**
   * Fields holding personal or secret data (`list.*.prop` for a list's row property):
   * never written to a log (engine/core/sensitive.ts, src/server/logging.ts).
   */
  sensitive?: Record<string, true>;
  /** Named JSON Patch (RFC 6902) overrides, applied in the order listed here. */
  variants?: Record<string, JsonPatchOperation[]>;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/** An AJV validate function, runtime-compiled or from generated standalone code. */
export interface SchemaValidateFunction {
  (data: unknown): boolean;
  errors?: AjvLikeError[] | null;
}

export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

export type FormData = Record<string, unknown>;

/** A forms:check finding: a JSON path and what is wrong there, in Finnish. */
export interface Finding {
  path: string;
  message: string;
  /** Set when `path` is inside a shared section file (forms/sections/<section>.json), not the document. */
  section?: string;
  /** The party the section was included for, when the finding came through a document's include. */
  party?: string;
}
