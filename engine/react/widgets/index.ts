// The theme's widgets, under RJSF's own names (TextWidget, SelectWidget, …) and
// under the `ui:widget` names form documents use. The document names describe a
// control's shape (cards, slider, rows), so any document may use them.
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxWidget } from './CheckboxWidget.tsx';
import { ChoiceCardsWidget } from './ChoiceCardsWidget.tsx';
import { MoneyWidget } from './MoneyWidget.tsx';
import { PostalCodeWidget } from './PostalCodeWidget.tsx';
import { RowListWidget } from './RowListWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { SliderNumberWidget } from './SliderNumberWidget.tsx';
import { EmailWidget, TelWidget, TextWidget } from './TextWidget.tsx';
import { YearSelectWidget } from './YearSelectWidget.tsx';

export const widgets: RegistryWidgetsType = {
  TextWidget,
  EmailWidget,
  CheckboxWidget,
  SelectWidget,
  RadioWidget: ChoiceCardsWidget,
  text: TextWidget,
  email: EmailWidget,
  tel: TelWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  radio: ChoiceCardsWidget,
  money: MoneyWidget,
  postalCode: PostalCodeWidget,
  monthSelect: SelectWidget,
  yearSelect: YearSelectWidget,
  radioCards: ChoiceCardsWidget,
  purposeCards: ChoiceCardsWidget,
  slider: SliderNumberWidget,
  amountSlider: SliderNumberWidget,
  tenorSlider: SliderNumberWidget,
  rowList: RowListWidget,
  loanRows: RowListWidget,
};
