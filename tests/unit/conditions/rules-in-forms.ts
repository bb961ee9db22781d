// Every condition written in forms/*.json and forms/sections/*.json, where it was written:
// fields' and party patches' `visible` and `required` (not `true`), checks' and warnings'
// `rule` (also in an include's override), and the `when` of parties, steps and summary sections.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMS_DIR } from '../../../engine/core/node.ts';

export interface WrittenRule {
  file: string;
  path: string;
  kind: 'visible' | 'required' | 'check' | 'warning' | 'when';
  rule: unknown;
}

const KINDS: Record<string, WrittenRule['kind']> = { visible: 'visible', required: 'required', when: 'when' };

export function rulesInForms(): WrittenRule[] {
  const files = [
    ...readdirSync(FORMS_DIR).filter((name) => name.endsWith('.json')).map((name) => join(FORMS_DIR, name)),
    ...readdirSync(join(FORMS_DIR, 'sections')).filter((name) => name.endsWith('.json')).map((name) => join(FORMS_DIR, 'sections', name)),
  ];
  const found: WrittenRule[] = [];
  const walk = (value: unknown, path: string[], file: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)], file));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, item] of Object.entries(value)) {
      const inRules = path.includes('checks') || path.includes('warnings');
      // `required` inside a schema is JSON Schema's list of names; `messages.required` is a text.
      const isRule = (key in KINDS && !path.includes('schema') && !path.includes('$defs') && !path.includes('messages') && !path.includes('fieldMessages')) || (key === 'rule' && inRules);
      if (isRule && item !== true && item !== null) {
        const kind = key === 'rule' ? (path.includes('warnings') ? 'warning' : 'check') : KINDS[key];
        found.push({ file: file.slice(FORMS_DIR.length + 1), path: '/' + [...path, key].join('/'), kind, rule: item });
      } else walk(item, [...path, key], file);
    }
  };
  for (const file of files) walk(JSON.parse(readFileSync(file, 'utf8')), [], file);
  return found;
}
