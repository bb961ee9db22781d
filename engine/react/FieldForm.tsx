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
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import type { FormData } from '../core/index.ts';
import { useAnswers } from './answers.ts';
import { usePageReady } from './hydration.ts';
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

/**
 * Nothing after the field once the page is ready: RJSF's submit button is the wizard's continue
 * button. Before then (the server's HTML, hydration, the replay: hydration.ts), a disabled
 * default button, out of sight: Enter in the field presses a form's default button, and a
 * disabled one submits nothing (HTML's implicit submission), where the form would otherwise be
 * submitted natively before any script ran, a reload with the answer in the address. Gone once
 * ready, so Enter then does what it did before (a combobox's Enter chooses, not continues).
 */
function EnterHeld(): ReactNode {
  return usePageReady() ? null : <button type="submit" hidden disabled tabIndex={-1} aria-hidden="true" />;
}
const ENTER_HELD = <EnterHeld />;

export interface FieldFormProps {
  spec: FieldSpec;
  validator: ValidatorType;
  onFieldChange(field: string, data: FormData): void;
  onBlur(id: string): void;
  /** Enter in the field (the form's submission): continue. */
  onSubmit(): void;
}

export const FieldForm = memo(function FieldForm({ spec, validator, onFieldChange, onBlur, onSubmit }: FieldFormProps): ReactNode {
  const { answerStore, runtime } = useWizard();
  const { field } = spec;
  const formData = useAnswers(answerStore, formDataOf(field), sameFormData, field);
  const title = useWizardState(titleOf(field), Object.is, field);
  const errors = useWizardState(fieldErrorsOf(field), sameErrorList, field);
  const uiSchema = useMemo(() => fieldUiSchema(runtime.document, field, title), [runtime, field, title]);
  const extraErrors = useMemo(() => toErrorSchema(errors.map(([path, message]) => ({ field: path, message }))), [errors]);
  // The form's own change comes back from the store as `formData` at once. Holding it back
  // until the frame was painted saved RJSF a pass over its state per keystroke, but lost keys on
  // a slow phone: a render that passed the held-back answer while RJSF held a newer one made RJSF
  // take the older one (issue 31; tests/e2e/typing.spec.ts types on a throttled CPU).
  const onChange = useCallback(
    (event: IChangeEvent) => onFieldChange(field, (event.formData ?? {}) as FormData),
    [field, onFieldChange],
  );
  return (
    <Form
      className="lv-field-form"
      schema={spec.schema}
      uiSchema={uiSchema}
      formData={formData}
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
      {ENTER_HELD}
    </Form>
  );
});
