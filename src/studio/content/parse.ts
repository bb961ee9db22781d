// The JSON draft editor's text as a content source, or where it is wrong, in Finnish. The
// engines' messages name the place in several wordings, or not at all (V8's "Unexpected token"),
// so a small scanner of the JSON grammar finds the first character that cannot be JSON.
import { fill, studioTexts } from '../messages.fi.ts';

export type Parsed = { ok: true; source: Record<string, unknown> } | { ok: false; message: string; line?: number; column?: number };

const t = studioTexts.contentDraft;

/** Line and column (from 1) of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const STRING = /"([^"\\\u0000-\u001f]|\\(["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** The offset of the first character that cannot continue a JSON text; undefined for a text that is JSON. */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  class Stop {
    constructor(readonly offset: number) {}
  }
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const expect = (char: string) => {
    space();
    if (text[at] !== char) throw new Stop(at);
    at++;
  };
  const sticky = (pattern: RegExp) => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) throw new Stop(at);
    at = pattern.lastIndex;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        if (text[at] !== '"') throw new Stop(at);
        sticky(STRING);
        expect(':');
        value();
        space();
        if (text[at] === ',') at++;
        else return expect('}');
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value();
        space();
        if (text[at] === ',') at++;
        else return expect(']');
      }
    }
    if (char === '"') return sticky(STRING);
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return void (at += word.length);
    sticky(NUMBER);
  };
  try {
    value();
    space();
    return at < text.length ? at : undefined;
  } catch (stop) {
    if (stop instanceof Stop) return stop.offset;
    throw stop;
  }
}

export function parseContentSource(text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const offset = jsonErrorOffset(text);
    const where = offset === undefined ? undefined : lineAndColumn(text, offset);
    return where ? { ok: false, message: fill(t.parseError, where), ...where } : { ok: false, message: t.parseErrorSomewhere };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: t.notAnObject };
  return { ok: true, source: value as Record<string, unknown> };
}

/** A source as the editor shows it: two-space indented, as the files in forms/ are. */
export const formatSource = (source: unknown) => `${JSON.stringify(source, null, 2)}\n`;
