// The root object is the whole application: it is laid out as the wizard's steps.
// Nested objects (none in a flat document) simply list their properties.
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { WizardSteps } from '../WizardSteps.tsx';

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps): ReactNode {
  if (props.fieldPathId.path.length === 0) return <WizardSteps properties={props.properties} />;
  return <div className="lv-object">{props.properties.map((property) => property.content)}</div>;
}
