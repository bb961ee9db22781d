// The insurer's answer in words (issue 27 item 7), on /maksuturva and on /lainahakemukset.
import { customerTexts } from '../../app/messages/customer.fi.ts';
import { fill } from '../../app/text.ts';
import type { InsuranceApplication } from './page-api.ts';

export function decisionText(answer: NonNullable<InsuranceApplication['insurerAnswer']>): string {
  const date = new Date(answer.answeredAt).toLocaleDateString('fi-FI', { timeZone: 'Europe/Helsinki' });
  return fill(customerTexts.insurance.decisions[answer.decision], { date });
}
