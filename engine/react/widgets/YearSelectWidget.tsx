// Years for a field with the `fiYear` keyword: the same `{past, future}` range the
// validator enforces, so the list never offers a year the validator refuses. Past
// ranges list the latest year first, future ones the nearest.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { yearRange, type YearRangeOptions } from '../../../custom-validators/month-year.ts';
import { SelectWidget } from './SelectWidget.tsx';

export function yearChoices(options: YearRangeOptions, today = new Date()) {
  const { min, max } = yearRange(options, today);
  const years = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  if ((options.past ?? 0) > 0) years.reverse();
  return years.map((year) => ({ value: year, label: String(year) }));
}

export function YearSelectWidget(props: WidgetProps): ReactNode {
  const keyword = props.schema.fiYear;
  const options = typeof keyword === 'object' && keyword !== null ? (keyword as YearRangeOptions) : {};
  return <SelectWidget {...props} choices={yearChoices(options)} />;
}
