// The real documents and sections of forms/, read as the studio gets them (the written source).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSource } from '../../../engine/core/check.ts';
import { FORMS_DIR, MESSAGES_FILE, SECTIONS_FOLDER, readSection, readSharedMessages } from '../../../engine/core/node.ts';

type Json = Record<string, unknown>;

export const readSource = (id: string): Json => JSON.parse(readFileSync(join(FORMS_DIR, `${id}.json`), 'utf8')) as Json;
export const loadSection = (id: string): unknown => readSection(join(FORMS_DIR, SECTIONS_FOLDER), id);

/** forms:check's findings for a written document, as the publish gate reads it. */
export function findingsOf(source: unknown) {
  return checkSource(source, loadSection, { sharedMessages: readSharedMessages(join(FORMS_DIR, MESSAGES_FILE)) }).findings;
}
