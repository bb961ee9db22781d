// The brands' marks, drawn as inline SVG (no image requests, crisp at any size).
import type { ReactNode } from 'react';
import type { BrandId } from '../brands.ts';

function LainavertailuMark(): ReactNode {
  // Three rising bars in a rounded shield: offers compared side by side.
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false" className="logo__mark">
      <rect x="1" y="1" width="38" height="38" rx="10" fill="var(--brand)" />
      <rect x="9" y="21" width="5.5" height="10" rx="1.5" fill="#fff" opacity="0.7" />
      <rect x="17.25" y="15" width="5.5" height="16" rx="1.5" fill="#fff" opacity="0.85" />
      <rect x="25.5" y="9" width="5.5" height="22" rx="1.5" fill="var(--accent-on-brand)" />
    </svg>
  );
}

function KattokorkoMark(): ReactNode {
  // A roof over a percent sign: the interest rate kept under a ceiling.
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false" className="logo__mark">
      <rect x="1" y="1" width="38" height="38" rx="10" fill="var(--brand)" />
      <path d="M8 17.5 20 8.5l12 9" fill="none" stroke="var(--accent-on-brand)" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="15" cy="22.5" r="2.6" fill="none" stroke="#fff" strokeWidth="2.2" />
      <circle cx="25" cy="30" r="2.6" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path d="M26 20.5 14 32" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ brand, name }: { brand: BrandId; name: string }): ReactNode {
  return (
    <span className="logo" data-logo={brand}>
      {brand === 'kattokorko' ? <KattokorkoMark /> : <LainavertailuMark />}
      <span className="logo__name">{name}</span>
    </span>
  );
}
