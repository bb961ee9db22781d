// A page's own one-step form document (the login's, issue 17) through the same wizard
// as the applications: its fields, rules, messages and error summary are the document's,
// and its button sends the answers to `onSubmit`, whose field errors the form shows.
import { useCallback, useState, type ReactNode } from 'react';
import type { FormData, FormRuntime } from '../../../engine/core/index.ts';
import { FormWizard, useFormView, type ContinueOutcome } from '../../../engine/react/index.ts';
import { renderer } from '../messages.fi.ts';

export function DocumentForm({ runtime, initial = {}, onSubmit }: { runtime: FormRuntime; initial?: FormData; onSubmit(data: FormData): Promise<ContinueOutcome> }): ReactNode {
  const [data, setData] = useState<FormData>(initial);
  const view = useFormView(runtime, data);
  const onContinue = useCallback((_step: number, answers: FormData) => onSubmit(runtime.prepare(answers)), [onSubmit, runtime]);
  return <FormWizard runtime={runtime} data={data} view={view} onChange={setData} currentStep={runtime.document.steps[0].number} onContinue={onContinue} messages={renderer} />;
}
