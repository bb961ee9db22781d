// A town filled in from a postal code goes when the code changes (issue 25 item 13).
import { describe, expect, it } from 'vitest';
import { isStaleTown, openingTown } from '../../../engine/react/postal-town.ts';

const whole = (code: string) => /^\d{5}$/.test(code);

describe('the town of a postal code', () => {
  it("is stale once the code is another one: unknown, partial or empty", () => {
    const filled = { code: '00100', town: 'Helsinki' };
    expect(isStaleTown(filled, '12345', 'Helsinki')).toBe(true);
    expect(isStaleTown(filled, '0010', 'Helsinki')).toBe(true);
    expect(isStaleTown(filled, '', 'Helsinki')).toBe(true);
  });

  it('stays with its own code, and a town the applicant typed stays whatever the code', () => {
    expect(isStaleTown({ code: '00100', town: 'Helsinki' }, '00100', 'Helsinki')).toBe(false);
    expect(isStaleTown({ code: '00100', town: 'Helsinki' }, '12345', 'Espoo')).toBe(false);
    expect(isStaleTown(null, '12345', 'Helsinki')).toBe(false);
  });

  it('a saved pair the field opens with counts as filled only with a whole code and a town', () => {
    expect(openingTown('33100', 'Tampere', whole)).toEqual({ code: '33100', town: 'Tampere' });
    expect(openingTown('331', 'Tampere', whole)).toBeNull();
    expect(openingTown('33100', '', whole)).toBeNull();
    expect(openingTown(undefined, undefined, whole)).toBeNull();
  });
});
