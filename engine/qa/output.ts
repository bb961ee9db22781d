// Files for people: pretty JSON with a fixed key order (a document change is a
// readable diff) and CSV for test plans kept in spreadsheets.
import type { CaseSet } from './cases.ts';

export function caseSetJson(set: CaseSet): string {
  const ordered = {
    form: set.form,
    variant: set.variant,
    variants: set.variants,
    seed: set.seed,
    counts: set.counts,
    cases: set.cases.map((c) => ({ id: c.id, kind: c.kind, description: c.description, variant: c.variant, step: c.step, data: c.data, expected: c.expected })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

const CSV_HEADER = ['id', 'kind', 'variant', 'step', 'description', 'expected_valid', 'expected_errors', 'data'];

function csvCell(value: string): string {
  return /[",\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function caseSetCsv(set: CaseSet): string {
  const rows = set.cases.map((c) => [
    c.id,
    c.kind,
    c.variant,
    c.step === null ? '' : String(c.step),
    c.description,
    String(c.expected.valid),
    c.expected.valid ? '' : c.expected.errors.map((e) => `${e.field}: ${e.message}`).join(' | '),
    JSON.stringify(c.data),
  ]);
  return `${[CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}
