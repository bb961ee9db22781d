// The root object of a section form is the section's fields, side by side in the
// section's markup (WizardSteps.tsx); nested objects (none in a flat document) simply
// list their properties.
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ReactNode } from 'react';

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps): ReactNode {
  if (props.fieldPathId.path.length === 0) return <>{props.properties.map((property) => property.content)}</>;
  return <div className="lv-object">{props.properties.map((property) => property.content)}</div>;
}
