// One field as its own RJSF form (field-forms.ts says why), and its own <form>
// element. A browser's form autofill looks at every control of a form each time one
// changes (Chromium's form tracking took about 10 ms a keystroke over the whole
// application in one <form>, issue 13), so each field is a form of one: the element
// takes no room (`display: contents`, theme.css), so the field sits in its section's
// grid as before, and Enter in it submits, which continues, as one form for the page
// did. RJSF's validation cycle stays unused (the wizard validates through the
// runtime, ADR 0003). The field reads its own value from the answers' store and its
// title and errors from the wizard's store, so a keystroke renders this field and
// whatever else reads the changed answer, never the page around it (issue 31).
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FormData } from '../core/index.ts';
import { useAnswers } from './answers.ts';
import { useWizard } from './context.ts';
import { fieldErrorsOf, fieldUiSchema, formDataOf, sameErrorList, sameFormData, titleOf, type FieldSpec } from './field-forms.ts';
import { useWizardState } from './store.ts';
import { toErrorSchema } from './engine-validator.ts';
import { ID_PREFIX, ID_SEPARATOR } from './ids.ts';
import { NumberField } from './NumberField.tsx';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

export const DEFAULTS_BEHAVIOUR = {
  // A `const` (a consent that must be given, a oneOf option) is never a default answer.
  constAsDefaults: 'never',
  // Rows appear when the applicant adds them, not from minItems.
  arrayMinItems: { populate: 'never' },
} as const;

/** RJSF's fields but for the number field, whose locale lookup is made once (NumberField.tsx). */
const FIELDS = { NumberField };

/** Nothing after the field: RJSF's submit button is the wizard's continue button. */
const NO_BUTTON = <></>;

export interface FieldFormProps {
  spec: FieldSpec;
  validator: ValidatorType;
  onFieldChange(field: string, data: FormData): void;
  onBlur(id: string): void;
  /** Enter in the field (the form's submission): continue. */
  onSubmit(): void;
}

/** Calls `run` once the current frame is painted; returns a cancel. */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export const FieldForm = memo(function FieldForm({ spec, validator, onFieldChange, onBlur, onSubmit }: FieldFormProps): ReactNode {
  const { answerStore, runtime } = useWizard();
  const { field } = spec;
  const formData = useAnswers(answerStore, formDataOf(field), sameFormData, field);
  const title = useWizardState(titleOf(field), Object.is, field);
  const errors = useWizardState(fieldErrorsOf(field), sameErrorList, field);
  const uiSchema = useMemo(() => fieldUiSchema(runtime.document, field, title), [runtime, field, title]);
  const extraErrors = useMemo(() => toErrorSchema(errors.map(([path, message]) => ({ field: path, message }))), [errors]);
  // The form's own change coming back from the store is given to RJSF after the frame is
  // painted: RJSF already holds it, and taking it back as `formData` costs a pass over its
  // state (defaults, the schema, errors) and a second render, about a third of a
  // keystroke's JavaScript in a small form (issue 31). Anything else (another answer, a
  // new title or errors, data from elsewhere) is given at once, with the answer as it is.
  const reported = useRef<FormData | null>(null);
  const given = useRef({ formData, uiSchema, extraErrors });
  const [settled, settle] = useState<FormData | null>(null);
  const last = given.current;
  const echo =
    formData !== last.formData && settled !== formData && reported.current !== null && sameFormData(formData, reported.current) && uiSchema === last.uiSchema && extraErrors === last.extraErrors;
  const shown = echo ? last.formData : formData;
  useLayoutEffect(() => {
    given.current = { formData: shown, uiSchema, extraErrors };
  });
  useEffect(() => {
    if (!echo) return;
    return afterPaint(() => settle(formData));
  }, [echo, formData]);
  const onChange = useCallback(
    (event: IChangeEvent) => {
      const data = (event.formData ?? {}) as FormData;
      reported.current = data;
      onFieldChange(field, data);
    },
    [field, onFieldChange],
  );
  return (
    <Form
      className="lv-field-form"
      schema={spec.schema}
      uiSchema={uiSchema}
      formData={shown}
      validator={validator}
      templates={templates}
      widgets={widgets}
      fields={FIELDS}
      idPrefix={ID_PREFIX}
      idSeparator={ID_SEPARATOR}
      noHtml5Validate
      noValidate
      showErrorList={false}
      extraErrors={extraErrors}
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
      onChange={onChange}
      onBlur={onBlur}
      onSubmit={onSubmit}
    >
      {NO_BUTTON}
    </Form>
  );
});
