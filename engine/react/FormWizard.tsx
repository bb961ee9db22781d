// The wizard: the document's steps on one page, each field an RJSF form of its
// own (field-forms.ts), validation on blur and on continue through the engine runtime,
// the error summary, `exclusiveWith` choices, and revealing and scrolling to steps.
// The application owns the answers (in an answers' store, answers.ts, or as a prop),
// the current step and saving; this component owns what the applicant is told about
// the answers. A keystroke costs the edited field and what reads the changed answer
// (issues 13 and 31): the field sets the answers' store, whose view is made from the
// previous one, and each field subscribes to its own answer there and to its
// visibility, requiredness, title and errors in the wizard's store (store.ts). Neither
// the wizard nor a page holding the store renders on a keystroke.
import { createSchemaUtils, deepEquals, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { isEmpty, sameList, topLevelField, type FieldError, type FormData, type FormRuntime, type Step } from '../core/index.ts';
import { createAnswersStore, useAnswers, type AnswersStore } from './answers.ts';
import { WizardContext, type RendererServices, type RendererSlots, type SummaryItem, type WizardContextValue } from './context.ts';
import { engineValidator } from './engine-validator.ts';
import { goToStep } from './focus.ts';
import { answeredPercent, ProgressBar } from './ProgressBar.tsx';
import { fieldFromDomId } from './ids.ts';
import type { RendererMessages } from './messages.ts';
import { DEFAULTS_BEHAVIOUR } from './FieldForm.tsx';
import { sectionSpecs, withField } from './field-forms.ts';
import { createWizardStore } from './store.ts';
import { WizardSteps } from './WizardSteps.tsx';

/** What saving a step came to, as the application tells it. */
export type ContinueOutcome = { ok: true } | { ok: false; errors?: FieldError[]; focusSummary?: boolean };

export interface FormWizardHandle {
  /** Focuses the error summary; false when none is shown. */
  focusErrorSummary(): boolean;
}

export interface FormWizardProps {
  runtime: FormRuntime;
  /**
   * The answers' store the page made (createAnswersStore) and reads: the page does not
   * render on a keystroke. Without it the wizard keeps the answers in a store of its own,
   * starting from `data` and following `data` as it changes.
   */
  answers?: AnswersStore;
  data?: FormData;
  /** Told of every change the applicant makes (with defaults filled in, of the first data too). */
  onChange?(data: FormData): void;
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

const NO_SERVICES: RendererServices = {};
const NO_SLOTS: RendererSlots = {};

function without(errors: Errors, fields: Iterable<string>): Errors {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

/** The document's `exclusiveWith` boxes: ticking one unticks the others. */
function exclusiveBoxes(runtime: FormRuntime): Array<[string, string[]]> {
  const boxes: Array<[string, string[]]> = [];
  for (const [field, entry] of Object.entries(runtime.document.ui ?? {})) {
    const others = (entry['ui:options'] as { exclusiveWith?: unknown } | undefined)?.exclusiveWith;
    if (Array.isArray(others)) boxes.push([field, others as string[]]);
  }
  return boxes;
}

function exclusiveEffects(boxes: Array<[string, string[]]>, previous: FormData, next: FormData): FormData {
  let out = next;
  for (const [field, others] of boxes) {
    if (previous[field] === true || next[field] !== true) continue;
    out = { ...out, ...Object.fromEntries(others.map((other) => [other, false])) };
  }
  return out;
}

/**
 * The data with the schema's defaults filled in the way RJSF fills them (a field the
 * answers lack gets its `default`), as one RJSF form for the whole document did when
 * it was created; the same object when nothing is missing.
 */
function withDefaults(schemaUtils: ReturnType<typeof createSchemaUtils>, schema: RJSFSchema, data: FormData): FormData {
  const filled = schemaUtils.getDefaultFormState(schema, data) as FormData;
  return deepEquals(filled, data) ? data : filled;
}

const NO_DATA: FormData = {};
const activeStepsOf = (_: FormData, answers: AnswersStore) => answers.view().activeSteps;

export function FormWizard(props: FormWizardProps): ReactNode {
  const { runtime, currentStep, messages, onContinue } = props;
  const doc = runtime.document;
  const [fieldErrors, setFieldErrors] = useState<Errors>({});
  const [externalErrors, setExternalErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<{ step: number; fields: string[] } | null>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  /** The errors shown as last rendered: a keystroke re-checks them only when there are any. */
  const shownErrors = useRef(fieldErrors);
  shownErrors.current = fieldErrors;

  // The answers: the page's store, else one of the wizard's own (a new one for a new runtime, keeping the answers).
  const own = useRef<AnswersStore | null>(null);
  const answers = useMemo(() => {
    if (props.answers) return props.answers;
    own.current = createAnswersStore(runtime, own.current?.get() ?? props.data ?? NO_DATA);
    return own.current;
    // The prop data is followed below, not by a new store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.answers, runtime]);
  const latest = useCallback(() => answers.get(), [answers]);

  const validator = useMemo(() => props.validator ?? engineValidator(runtime, latest), [props.validator, runtime, latest]);
  const defaults = useMemo(() => createSchemaUtils(validator, doc.schema as RJSFSchema, DEFAULTS_BEHAVIOUR), [validator, doc]);
  /** The data this wizard last set or reported: coming back as `data`, it needs nothing. */
  const reported = useRef<FormData | null>(null);
  /** The defaults filled in on a store's first render, reported as a change once committed. */
  const toReport = useRef<FormData | null>(null);
  /** The `data` prop last taken in. */
  const lastSource = useRef(props.data);
  // Data from elsewhere (the first render, a restored application) gets the defaults of
  // every field, as one form for the whole document gave them: a field's own form would
  // add its default only when the field is first shown. A store's first data is filled
  // before any field renders (nobody subscribes to it yet); later data from the prop, below.
  const initialised = useRef<AnswersStore | null>(null);
  if (initialised.current !== answers) {
    initialised.current = answers;
    lastSource.current = props.data;
    const given = answers.get();
    const data = withDefaults(defaults, doc.schema as RJSFSchema, given);
    if (data !== given) {
      answers.set(data);
      toReport.current = data;
    }
  }
  useLayoutEffect(() => {
    const data = toReport.current;
    toReport.current = null;
    if (data !== null && data === answers.get()) {
      reported.current = data;
      onChangeRef.current?.(data);
    }
  });
  // New `data` from the parent (not the wizard's own change coming back) replaces the answers.
  const source = props.answers ? undefined : props.data;
  useLayoutEffect(() => {
    if (source === lastSource.current) return;
    lastSource.current = source;
    if (source === undefined || source === reported.current || source === answers.get()) return;
    const data = withDefaults(defaults, doc.schema as RJSFSchema, source);
    reported.current = data;
    answers.set(data);
    if (data !== source) onChangeRef.current?.(data);
  }, [source, answers, defaults, doc]);

  const activeSteps = useAnswers(answers, activeStepsOf, sameList<Step>);
  const revealedSteps = useMemo(() => activeSteps.filter((step) => step.number <= currentStep), [activeSteps, currentStep]);
  const isRevealed = revealedSteps.some((step) => step.number === currentStep);
  const buttonLabelOf = useCallback((_: FormData, store: AnswersStore) => (isRevealed ? store.view().buttonLabel(currentStep) : ''), [isRevealed, currentStep]);
  const buttonLabel = useAnswers(answers, buttonLabelOf);

  const errors = useMemo(() => ({ ...externalErrors, ...fieldErrors }), [externalErrors, fieldErrors]);
  // Only a step whose progress is read from the answers counts them (a number, so the wizard renders again only when it changes).
  const answersCount = revealedSteps.find((step) => step.number === currentStep)?.progress === 'answered';
  const answeredOf = useCallback((data: FormData, store: AnswersStore) => (answersCount ? answeredPercent(runtime, store.view(), data, currentStep) : undefined), [answersCount, runtime, currentStep]);
  const answered = useAnswers(answers, answeredOf);

  const boxes = useMemo(() => exclusiveBoxes(runtime), [runtime]);
  /** Errors already shown are re-checked as the data changes, and go once fixed; new ones wait for blur or continue. */
  const change = useCallback(
    (next: FormData) => {
      const withEffects = exclusiveEffects(boxes, answers.get(), next);
      reported.current = withEffects;
      answers.set(withEffects);
      onChangeRef.current?.(withEffects);
      if (Object.keys(shownErrors.current).length === 0) return;
      setFieldErrors((current) => {
        const shown = Object.keys(current);
        if (shown.length === 0) return current;
        const scope = [...new Set(shown.map(topLevelField))];
        const failing = new Set(runtime.validate(withEffects, { fields: scope }).errors.map((error) => error.field));
        const fixed = shown.filter((field) => !failing.has(field));
        return fixed.length ? without(current, fixed) : current;
      });
    },
    [runtime, answers, boxes],
  );

  const sections = useMemo(() => sectionSpecs(doc), [doc]);
  const onFieldChange = useCallback((field: string, fieldData: FormData) => change(withField(answers.get(), field, fieldData)), [change, answers]);

  const stepNow = useRef(currentStep);
  stepNow.current = currentStep;
  const validateBlurred = useCallback(
    (blurred: string[]) => {
      // Leaving a field also checks again the answered fields whose checks read it: a
      // month in the future shows its message when its year is left, not only on continue.
      // A later step's field is left out while its validator is still on its way (schema-parts.ts):
      // its step is not shown before it has arrived, and continuing checks it then.
      const loaded = runtime.schemaLoaded();
      const fields = new Set(blurred);
      for (const field of blurred)
        for (const other of runtime.checkedWith(topLevelField(field)))
          if (!isEmpty(answers.get()[other]) && (loaded || (runtime.stepOf(other) ?? 0) <= stepNow.current)) fields.add(other);
      setFieldErrors((current) => {
        let next = current;
        for (const field of fields) {
          const [error] = runtime.validateField(answers.get(), field).filter((e) => e.field === field);
          if (error && next[field] !== error.message) next = { ...next, [field]: error.message };
          else if (!error && next[field]) next = without(next, [field]);
        }
        return next;
      });
    },
    [runtime, answers],
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
    // The next step, and the save's check of later answers, need every step's validator
    // (schema-parts.ts); asked for once step 1 was shown, it has usually arrived, else the
    // button says the page is busy meanwhile. Failing to load, the save goes on: the server checks it.
    if (!runtime.schemaLoaded()) {
      setBusy(true);
      await runtime.whenSchemaLoaded().catch(() => undefined);
      setBusy(false);
    }
    const step = currentStep;
    const snapshot = answers.get();
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

  // The summary takes focus when asked (ErrorSummary does it once it has rendered the items).
  const summaryState = useMemo(() => (summary && summaryItems ? { step: summary.step, items: summaryItems, focus: summaryFocus } : null), [summary, summaryItems, summaryFocus]);
  const [store] = useState(() => createWizardStore({ view: answers.view(), errors, summary: summaryState }));
  // Once committed, the fields whose errors or summary changed render again (before the frame is painted).
  useLayoutEffect(() => store.set({ ...store.get(), errors, summary: summaryState }), [store, errors, summaryState]);
  // The view follows the answers as they are set, in the same update as the edited field.
  useLayoutEffect(() => {
    const follow = () => store.set({ ...store.get(), view: answers.view() });
    follow();
    return answers.subscribe(follow);
  }, [store, answers]);

  const services = props.services ?? NO_SERVICES;
  const slots = props.slots ?? NO_SLOTS;
  const context: WizardContextValue = useMemo(
    () => ({
      runtime,
      store,
      answerStore: answers,
      summaryRef,
      messages,
      services,
      slots,
      answers: latest,
      setFields: (patch) => {
        const next = { ...answers.get(), ...patch };
        for (const [field, value] of Object.entries(patch)) if (value === undefined) delete next[field];
        change(next);
      },
      setExternalError: (field, message) =>
        setExternalErrors((current) => (message ? (current[field] === message ? current : { ...current, [field]: message }) : current[field] ? without(current, [field]) : current)),
    }),
    [runtime, store, answers, latest, messages, services, slots, change],
  );

  // The fields' forms keep one submit handler: a new one would render every field again.
  const continueRef = useRef(continueStep);
  continueRef.current = continueStep;
  const submit = useCallback(() => void continueRef.current(), []);

  return (
    <WizardContext.Provider value={context}>
      <ProgressBar revealedSteps={revealedSteps} activeStepCount={activeSteps.length} currentStep={currentStep} messages={messages} answered={answered} />
      <div className="lv-form">
        <WizardSteps
          revealedSteps={revealedSteps}
          activeStepCount={activeSteps.length}
          currentStep={currentStep}
          buttonLabel={buttonLabel}
          busy={busy}
          messages={messages}
          sections={sections}
          validator={validator}
          onFieldChange={onFieldChange}
          onBlur={blur}
          onSubmit={submit}
        />
      </div>
    </WizardContext.Provider>
  );
}
