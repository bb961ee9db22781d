// The simulated partner lenders, read once from lenders.json (data, not code).
import { readFileSync } from 'node:fs';
import type { CapRules } from './finance.ts';

export type RiskAppetite = 'low' | 'medium' | 'high';

export interface Lender {
  code: string;
  name: string;
  color: string;
  minAmount: number;
  maxAmount: number;
  minTenor: number;
  maxTenor: number;
  minAge: number;
  maxAge: number;
  riskAppetite: RiskAppetite;
  /** Largest share of gross income that all loan payments may take. */
  maxDebtServiceRatio: number;
  /** Euros a month that must remain after housing, loans and the new payment. */
  minDisposableIncome: number;
  pricing: { baseRate: number; riskSpread: number };
  fees: { arrangementFee: number; monthlyFee: number };
  responseDelayMs: number;
  fastTrack: boolean;
  lenderInfo: string;
  buttonText: string;
}

export interface Catalogue {
  caps: CapRules;
  lenders: Lender[];
}

let cached: Catalogue | undefined;

export function loadCatalogue(): Catalogue {
  cached ??= JSON.parse(readFileSync(new URL('./lenders.json', import.meta.url), 'utf8')) as Catalogue;
  return cached;
}
