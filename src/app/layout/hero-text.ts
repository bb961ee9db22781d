// The hero's texts for a product, with the limits they state read from the resolved
// form document (brand variant included), the same values the validator checks.
import type { FormDocument } from '../../../engine/core/index.ts';
import { formatNumber } from '../../../engine/react/format.ts';
import { hero } from '../messages/step.fi.ts';
import type { Product } from '../products.ts';
import { fill } from '../text.ts';

/** The field whose limits the hero states: the amount input of the form (the business form has no separate input). */
export const HERO_AMOUNT_FIELDS = ['inputAppliedAmount', 'appliedAmount'];

export interface HeroText {
  eyebrow: string;
  title: string;
  lead: string;
}

/** `{min}` and `{max}` in the product's hero texts become the amount field's limits. */
export function heroText(product: Product, doc: FormDocument): HeroText {
  const field = HERO_AMOUNT_FIELDS.find((id) => Object.hasOwn(doc.schema.properties, id));
  const amount = field === undefined ? {} : doc.schema.properties[field];
  const limit = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : '');
  const params = { min: limit(amount.minimum), max: limit(amount.maximum) };
  const text = hero[product];
  return { eyebrow: fill(text.eyebrow, params), title: fill(text.title, params), lead: fill(text.lead, params) };
}
