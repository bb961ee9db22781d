// The brands share one application; the host decides which one a visitor sees
// (spec §1). Which brands exist, their domains, host markers and variants come from
// the catalogue in forms/; their names and colours are the page's own.
import { brandForHostName, brandIds, catalogue, type BrandId } from './catalogue.ts';
import { brandTexts } from './messages/step.fi.ts';

export type { BrandId } from './catalogue.ts';

export interface Brand {
  id: BrandId;
  name: string;
  tagline: string;
  /** The form document variant the brand adds (its own minimum amount). */
  variant?: string;
  themeColor: string;
  /** Mail domain of the brand's customer service. */
  domain: string;
}

const THEME_COLORS: Record<BrandId, string> = { lainavertailu: '#0f3a63', kattokorko: '#0b5752' };

export const BRANDS = Object.fromEntries(
  brandIds.map((id) => {
    const { variant, domain } = catalogue.brands[id];
    return [id, { id, ...brandTexts[id], variant, themeColor: THEME_COLORS[id], domain }];
  }),
) as Record<BrandId, Brand>;

export function brandForHost(host: string): Brand {
  return BRANDS[brandForHostName(host)];
}
