// The wizard around one RJSF form: validation on blur and on continue through the
// engine runtime, the error summary, `exclusiveWith` choices, and revealing and
// scrolling to steps. The application owns the data, the current step and saving;
// this component owns what the applicant is told about the data.
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { evaluate, isTruthy, topLevelField, type FieldError, type FormData, type FormRuntime } from '../core/index.ts';
import { WizardContext, type RendererServices, type RendererSlots, type SummaryItem, type WizardContextValue } from './context.ts';
import { engineValidator, toErrorSchema } from './engine-validator.ts';
import { goToStep } from './focus.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { fieldFromDomId, ID_PREFIX, ID_SEPARATOR } from './ids.ts';
import type { RendererMessages } from './messages.ts';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

/** What saving a step came to, as the application tells it. */
export type ContinueOutcome = { ok: true } | { ok: false; errors?: FieldError[]; focusSummary?: boolean };

export interface FormWizardHandle {
  /** Focuses the error summary; false when none is shown. */
  focusErrorSummary(): boolean;
}

export interface FormWizardProps {
  runtime: FormRuntime;
  data: FormData;
  onChange(data: FormData): void;
  /** The furthest step revealed; steps after it are not shown. */
  currentStep: number;
  /** Called when the current step passes the browser's checks; saves and moves on. */
  onContinue(step: number, data: FormData): Promise<ContinueOutcome>;
  messages: RendererMessages;
  services?: RendererServices;
  slots?: RendererSlots;
  /** RJSF's validator; by default an adapter over the runtime (no AJV compiler). */
  validator?: ValidatorType;
  handle?: Ref<FormWizardHandle>;
}

type Errors = Record<string, string>;

const DEFAULTS_BEHAVIOUR = {
  // A `const` (a consent that must be given, a oneOf option) is never a default answer.
  constAsDefaults: 'never',
  // Rows appear when the applicant adds them, not from minItems.
  arrayMinItems: { populate: 'never' },
} as const;

function without(errors: Errors, fields: Iterable<string>): Errors {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

/** ui:title may be a rule over the data (a label that depends on an answer). */
function resolveUi(runtime: FormRuntime, data: FormData): UiSchema {
  const doc = runtime.document;
  const context = { constants: doc.constants, texts: doc.texts };
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [field, entry] of Object.entries(doc.ui ?? {})) {
    const title = entry['ui:title'];
    ui[field] = title !== undefined && typeof title !== 'string' ? { ...entry, 'ui:title': String(evaluate(title, data, context)) } : entry;
  }
  return ui;
}

function exclusiveEffects(runtime: FormRuntime, previous: FormData, next: FormData): FormData {
  let out = next;
  for (const [field, entry] of Object.entries(runtime.document.ui ?? {})) {
    const others = (entry['ui:options'] as { exclusiveWith?: unknown } | undefined)?.exclusiveWith;
    if (!Array.isArray(others) || previous[field] === true || next[field] !== true) continue;
    out = { ...out, ...Object.fromEntries(others.map((other) => [other, false])) };
  }
  return out;
}

export function FormWizard(props: FormWizardProps): ReactNode {
  const { runtime, data, currentStep, messages, onContinue } = props;
  const [fieldErrors, setFieldErrors] = useState<Errors>({});
  const [externalErrors, setExternalErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<{ step: number; fields: string[] } | null>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const latest = useRef(data);
  latest.current = data;
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;

  const validator = useMemo(() => props.validator ?? engineValidator(runtime), [props.validator, runtime]);
  const doc = runtime.document;
  const ruleContext = useMemo(() => ({ constants: doc.constants, texts: doc.texts }), [doc]);

  const visible = useMemo(() => new Set(runtime.visibleFields(data)), [runtime, data]);
  const required = useMemo(() => {
    const prepared = runtime.prepare(data);
    const set = new Set<string>();
    for (const [field, rule] of Object.entries(doc.rules?.required ?? {})) {
      if (visible.has(field) && (rule === true || isTruthy(rule, prepared, ruleContext))) set.add(field);
    }
    return set;
  }, [runtime, data, doc, visible, ruleContext]);
  const activeSteps = useMemo(() => runtime.activeSteps(data), [runtime, data]);
  const revealedSteps = useMemo(() => activeSteps.filter((step) => step.number <= currentStep), [activeSteps, currentStep]);

  const errors = useMemo(() => ({ ...externalErrors, ...fieldErrors }), [externalErrors, fieldErrors]);

  /** Errors already shown are re-checked as the data changes, and go once fixed; new ones wait for blur or continue. */
  const change = useCallback(
    (next: FormData) => {
      const withEffects = exclusiveEffects(runtime, latest.current, next);
      latest.current = withEffects;
      onChangeRef.current(withEffects);
      setFieldErrors((current) => {
        const shown = Object.keys(current);
        if (shown.length === 0) return current;
        const scope = [...new Set(shown.map(topLevelField))];
        const failing = new Set(runtime.validate(withEffects, { fields: scope }).errors.map((error) => error.field));
        const fixed = shown.filter((field) => !failing.has(field));
        return fixed.length ? without(current, fixed) : current;
      });
    },
    [runtime],
  );

  const validateBlurred = useCallback(
    (fields: string[]) => {
      setFieldErrors((current) => {
        let next = current;
        for (const field of fields) {
          const [error] = runtime.validateField(latest.current, field).filter((e) => e.field === field);
          if (error && next[field] !== error.message) next = { ...next, [field]: error.message };
          else if (!error && next[field]) next = without(next, [field]);
        }
        return next;
      });
    },
    [runtime],
  );

  // A message appearing on blur moves what is below it. When the blur comes from
  // pressing a button (continue, remove a row), the button would slide away between
  // press and release and the click be lost, so such blurs are checked after the click.
  const pointerDown = useRef(false);
  const deferred = useRef(new Set<string>());
  useEffect(() => {
    const down = () => {
      pointerDown.current = true;
    };
    const up = () => {
      pointerDown.current = false;
      setTimeout(() => {
        const fields = [...deferred.current];
        deferred.current.clear();
        if (fields.length) validateBlurred(fields);
      });
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [validateBlurred]);

  const blur = useCallback(
    (id: string) => {
      const field = fieldFromDomId(id);
      if (!field) return;
      if (pointerDown.current) deferred.current.add(field);
      else validateBlurred([field]);
    },
    [validateBlurred],
  );

  const showSummary = useCallback((step: number, found: FieldError[], focus: boolean) => {
    setSummary({ step, fields: found.map((error) => error.field) });
    if (focus) setSummaryFocus((n) => n + 1);
  }, []);

  const continueStep = useCallback(async () => {
    if (busy) return;
    const step = currentStep;
    const snapshot = latest.current;
    const result = runtime.validate(snapshot, { uptoStep: step });
    setFieldErrors((current) => {
      const laterOnly = Object.fromEntries(Object.entries(current).filter(([field]) => (runtime.stepOf(topLevelField(field)) ?? 0) > step));
      return { ...laterOnly, ...Object.fromEntries(result.errors.map((error) => [error.field, error.message])) };
    });
    if (!result.valid) {
      showSummary(step, result.errors, true);
      return;
    }
    setSummary(null);
    setBusy(true);
    try {
      const outcome = await onContinue(step, snapshot);
      if (!outcome.ok && outcome.errors?.length) {
        const found = outcome.errors;
        setFieldErrors((current) => ({ ...current, ...Object.fromEntries(found.map((error) => [error.field, error.message])) }));
        showSummary(step, found, outcome.focusSummary !== false);
      }
    } finally {
      setBusy(false);
    }
  }, [busy, currentStep, runtime, onContinue, showSummary]);

  useImperativeHandle(
    props.handle,
    () => ({
      focusErrorSummary: () => {
        summaryRef.current?.focus();
        return Boolean(summaryRef.current);
      },
    }),
    [],
  );

  useEffect(() => {
    if (summaryFocus > 0) summaryRef.current?.focus();
  }, [summaryFocus]);

  // A newly revealed step is scrolled to and its heading focused; the first step is where the page starts.
  const shownStep = useRef(revealedSteps[0]?.number ?? currentStep);
  useEffect(() => {
    if (currentStep === shownStep.current) return;
    const forward = currentStep > shownStep.current;
    shownStep.current = currentStep;
    if (forward) requestAnimationFrame(() => goToStep(currentStep));
  }, [currentStep]);

  // GOV.UK: the page title says there is a problem while the summary is shown.
  const summaryItems: SummaryItem[] | null = useMemo(
    () => summary && summary.fields.filter((field) => errors[field]).map((field) => ({ field, label: runtime.label(field), message: errors[field] })),
    [summary, errors, runtime],
  );
  const hasSummary = Boolean(summaryItems?.length);
  useEffect(() => {
    if (!hasSummary) return;
    const title = document.title;
    document.title = messages.errorTitlePrefix + title;
    return () => {
      document.title = title;
    };
  }, [hasSummary, messages.errorTitlePrefix]);

  const context: WizardContextValue = {
    runtime,
    data,
    visible,
    required,
    revealedSteps,
    activeStepCount: activeSteps.length,
    currentStep,
    errors,
    summary: summary && summaryItems ? { step: summary.step, items: summaryItems } : null,
    summaryRef,
    busy,
    messages,
    services: props.services ?? {},
    slots: props.slots ?? {},
    setFields: (patch) => change({ ...latest.current, ...patch }),
    setExternalError: (field, message) =>
      setExternalErrors((current) => (message ? (current[field] === message ? current : { ...current, [field]: message }) : current[field] ? without(current, [field]) : current)),
  };

  const extraErrors = useMemo(() => toErrorSchema(Object.entries(errors).map(([field, message]) => ({ field, message }))), [errors]);

  return (
    <WizardContext.Provider value={context}>
      <ProgressBar />
      <Form
        className="lv-form"
        schema={doc.schema as RJSFSchema}
        uiSchema={resolveUi(runtime, data)}
        formData={data}
        validator={validator}
        templates={templates}
        widgets={widgets}
        idPrefix={ID_PREFIX}
        idSeparator={ID_SEPARATOR}
        noHtml5Validate
        noValidate
        showErrorList={false}
        extraErrors={extraErrors}
        experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
        onChange={(event: IChangeEvent) => change((event.formData ?? {}) as FormData)}
        onBlur={blur}
        onSubmit={() => void continueStep()}
      >
        <></>
      </Form>
    </WizardContext.Provider>
  );
}
