// Small line icons for the page chrome; decorative, hidden from assistive technology.
import type { ReactNode } from 'react';

const props = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const PhoneIcon = (): ReactNode => (
  <svg {...props}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </svg>
);

export const LockIcon = (): ReactNode => (
  <svg {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);

export const CheckIcon = (): ReactNode => (
  <svg {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

export const BankIcon = (): ReactNode => (
  <svg {...props}>
    <path d="M3 10 12 4l9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
  </svg>
);

export const PeopleIcon = (): ReactNode => (
  <svg {...props}>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 20a6 6 0 0 1 12 0M16 5.2a3.2 3.2 0 0 1 0 6M18 14.5A6 6 0 0 1 21 20" />
  </svg>
);

export const ClockIcon = (): ReactNode => (
  <svg {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </svg>
);

export const BoltIcon = (): ReactNode => (
  <svg {...props}>
    <path d="M13 3 5 14h6l-1 7 8-11h-6l1-7Z" />
  </svg>
);
