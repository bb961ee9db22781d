// One choice as large radio cards; options past `ui:options.primaryCount` wait
// behind a disclosure button (`moreLabel`), opened already when one of them is
// the chosen value when the widget appears.
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useState, type FocusEvent, type ReactNode } from 'react';
import { useFieldState, optionText } from './field-state.ts';

export function ChoiceCardsWidget(props: WidgetProps): ReactNode {
  const { id, value, onChange, onBlur, onFocus, options, disabled } = props;
  const { aria } = useFieldState(props);
  const enumOptions: EnumOptionsType[] = options.enumOptions ?? [];
  const primaryCount = typeof options.primaryCount === 'number' ? options.primaryCount : enumOptions.length;
  const more = enumOptions.slice(primaryCount);
  const chosenInMore = more.some((option) => option.value === value);
  const [expanded, setExpanded] = useState(chosenInMore);
  const moreId = `${id}__more`;

  // Arrow keys move focus between the radios of one group; only leaving the group counts as a blur.
  const leaving = (event: FocusEvent<HTMLInputElement>) => {
    const group = event.currentTarget.closest('[data-field]');
    if (!(event.relatedTarget instanceof Node) || !group?.contains(event.relatedTarget)) onBlur(id, value);
  };

  const card = (option: EnumOptionsType, index: number) => (
    <label key={String(option.value)} className={`lv-card${option.value === value ? ' lv-card--checked' : ''}`}>
      <input
        type="radio"
        id={index === 0 ? id : `${id}-${index}`}
        name={id}
        className="lv-card__input"
        value={String(index)}
        checked={option.value === value}
        disabled={disabled}
        aria-invalid={aria['aria-invalid']}
        onChange={() => onChange(option.value)}
        onBlur={leaving}
        onFocus={() => onFocus(id, value)}
      />
      <span className="lv-card__label">{option.label}</span>
    </label>
  );

  return (
    <div className="lv-choice">
      <div className="lv-cards">{enumOptions.slice(0, primaryCount).map(card)}</div>
      {more.length > 0 && (
        <>
          <button type="button" className="lv-disclosure" aria-expanded={expanded} aria-controls={moreId} onClick={() => setExpanded(!expanded)}>
            {optionText(options, 'moreLabel')}
          </button>
          <div id={moreId} className="lv-cards lv-cards--compact" hidden={!expanded}>
            {more.map((option, i) => card(option, primaryCount + i))}
          </div>
        </>
      )}
    </div>
  );
}
ChoiceCardsWidget.layout = 'group' as const;
