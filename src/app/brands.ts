// The two brands share one application; the host decides which one a visitor sees
// (spec §1): the second when the host name contains its marker.
import { brandTexts } from './messages.fi.ts';

export type BrandId = 'lainavertailu' | 'kattokorko';

export interface Brand {
  id: BrandId;
  name: string;
  tagline: string;
  /** The form document variant the brand adds (its own minimum amount). */
  variant?: 'kattokorko';
  themeColor: string;
  /** Mail domain of the brand's customer service. */
  domain: string;
}

export const BRANDS: Record<BrandId, Brand> = {
  lainavertailu: { id: 'lainavertailu', ...brandTexts.lainavertailu, themeColor: '#0f3a63', domain: 'lainavertailu.fi' },
  kattokorko: { id: 'kattokorko', ...brandTexts.kattokorko, variant: 'kattokorko', themeColor: '#0b5752', domain: 'kattokorko.fi' },
};

const SECOND_BRAND_MARKER = 'kattokorko';

export function brandForHost(host: string): Brand {
  return host.toLowerCase().includes(SECOND_BRAND_MARKER) ? BRANDS.kattokorko : BRANDS.lainavertailu;
}
