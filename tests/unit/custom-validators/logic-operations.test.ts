import jsonLogic from 'json-logic-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  annuity,
  countTrue,
  isEmpty,
  logicOperations,
  round,
  sumBy,
} from '../../../custom-validators/logic-operations.ts';

describe('annuity', () => {
  const cases: Array<[string, unknown, unknown, unknown, number | null]> = [
    ['10 000 € over 60 months at 7.9 %', 10000, 7.9, 60, 202],
    ['rate 0 is principal / months', 12000, 0, 60, 200],
    ['rate 0, rounded to whole euros', 10000, 0, 60, 167],
    ['250 000 € over 25 years at 4 %', 250000, 4, 300, 1320],
    ['numeric strings from unnormalised inputs', '10000', '7.9', '60', 202],
    ['months 0', 10000, 7.9, 0, null],
    ['months 0 at rate 0', 10000, 0, 0, null],
    ['negative months', 10000, 7.9, -12, null],
    ['principal missing', undefined, 7.9, 60, null],
    ['rate missing', 10000, null, 60, null],
    ['months empty', 10000, 7.9, '', null],
    ['not a number', 'paljon', 7.9, 60, null],
  ];
  it.each(cases)('%s', (_label, principal, rate, months, expected) => {
    expect(annuity(principal, rate, months)).toBe(expected);
  });

  it('matches the textbook formula', () => {
    const r = 0.079 / 12;
    const exact = (10000 * r) / (1 - (1 + r) ** -60);
    expect(exact).toBeCloseTo(202.29, 2);
  });
});

describe('sumBy', () => {
  it.each([
    ['numbers only', [{ a: 1 }, { a: 2.5 }, { a: 3 }], 'a', 6.5],
    ['ignores strings, null, missing keys and non-objects', [{ a: 1 }, { a: '2' }, null, { b: 4 }, 7, { a: 3 }], 'a', 4],
    ['ignores NaN and Infinity', [{ a: Number.NaN }, { a: Infinity }, { a: 1 }], 'a', 1],
    ['missing list', undefined, 'a', 0],
    ['null list', null, 'a', 0],
    ['empty list', [], 'a', 0],
    ['not a list', { a: 1 }, 'a', 0],
  ])('%s', (_label, list, key, expected) => {
    expect(sumBy(list, key)).toBe(expected);
  });
});

describe('countTrue', () => {
  it.each([
    [[true, false, true], 2],
    [[true, 'true', 1, {}, null, undefined], 1],
    [[[true, true], false], 2],
    [[], 0],
  ])('%j → %i', (values, expected) => {
    expect(countTrue(...values)).toBe(expected);
  });
});

describe('isEmpty', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [[], true],
    [' ', false],
    [0, false],
    [false, false],
    [{}, false],
    [[0], false],
    ['a', false],
  ])('%j → %s', (value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});

describe('round', () => {
  it.each([
    [[2.5], 3],
    [[-2.5], -3],
    [[1.005, 2], 1.01],
    [[1234.5678, 2], 1234.57],
    [[1234.5678, -2], 1200],
    [[202.29], 202],
    [[1.5, null], 2],
    [['3.14159', 2], 3.14],
    [[1e21, 2], 1e21],
    [[0], 0],
    [['x'], null],
    [[undefined], null],
    [[1.5, 0.5], null],
  ])('round(%j) → %s', (args, expected) => {
    expect(round(...(args as [unknown, unknown?]))).toBe(expected);
  });
});

describe('logicOperations', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers every operation the form rules use', () => {
    expect(Object.keys(logicOperations).sort()).toEqual(
      [
        'personalIdAge',
        'personalIdIndividualNumber',
        'personalIdSex',
        'monthYearNotInFuture',
        'monthYearNotInPast',
        'annuity',
        'sumBy',
        'countTrue',
        'isEmpty',
        'round',
        'insurancePremium',
      ].sort(),
    );
  });

  it('date-dependent operations use the current date', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-06-15T12:00:00+03:00'));
    expect(logicOperations.personalIdAge('131052-308T')).toBe(71);
    expect(logicOperations.personalIdAge('010120A123K')).toBe(4);
    expect(logicOperations.monthYearNotInFuture(6, 2024)).toBe(true);
    expect(logicOperations.monthYearNotInFuture(7, 2024)).toBe(false);
    expect(logicOperations.monthYearNotInPast(5, 2024)).toBe(false);
  });

  it('id helpers', () => {
    expect(logicOperations.personalIdIndividualNumber('131052-308T')).toBe(308);
    expect(logicOperations.personalIdSex('131052-308T')).toBe('female');
    expect(logicOperations.personalIdSex('')).toBeNull();
  });

  it('works when registered with json-logic-js', () => {
    for (const [name, fn] of Object.entries(logicOperations)) jsonLogic.add_operation(name, fn);
    const data = {
      amount: 10000,
      months: 60,
      applicant: { id: '131052-308T' },
      debts: [{ monthly: 120 }, { monthly: 80.5 }, { monthly: 'x' }],
      flags: { a: true, b: false, c: true },
    };
    expect(jsonLogic.apply({ annuity: [{ var: 'amount' }, 7.9, { var: 'months' }] }, data)).toBe(202);
    expect(jsonLogic.apply({ sumBy: [{ var: 'debts' }, 'monthly'] }, data)).toBe(200.5);
    expect(jsonLogic.apply({ sumBy: [{ var: 'missing' }, 'monthly'] }, data)).toBe(0);
    expect(jsonLogic.apply({ countTrue: [{ var: 'flags.a' }, { var: 'flags.b' }, { var: 'flags.c' }] }, data)).toBe(2);
    expect(jsonLogic.apply({ isEmpty: [{ var: 'missing' }] }, data)).toBe(true);
    expect(jsonLogic.apply({ personalIdIndividualNumber: [{ var: 'applicant.id' }] }, data)).toBe(308);
    expect(jsonLogic.apply({ round: [{ '/': [{ var: 'amount' }, 3] }, 2] }, data)).toBe(3333.33);
  });
});
