// forms:check for price tables (issue 27): every rule that prices the payment-protection
// insurance (`insurancePremium`, custom-validators/insurance-premium.ts) names its table as
// a document constant, and that table must price every value the tier field can take for
// every age it claims to cover, in exactly one age band. A gap would leave a customer
// without a fee (the server refuses to store an application it cannot price), so the
// editor hears of it before a build, in Finnish, at the table's path.
import type { Finding, FormDocument, JsonSchema, Logic } from './types.ts';

const OPERATION = 'insurancePremium';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isEuros = (value: unknown): value is number => isNumber(value) && value > 0 && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The values a slider field can take: minimum to maximum in steps of `multipleOf`; null when it has no such limits. */
export function sliderValues(schema: JsonSchema | undefined): number[] | null {
  if (!schema) return null;
  const { minimum, maximum, multipleOf } = schema;
  if (!isNumber(minimum) || !isNumber(maximum) || !isNumber(multipleOf) || multipleOf <= 0 || maximum < minimum) return null;
  const values: number[] = [];
  for (let value = Math.ceil(minimum / multipleOf) * multipleOf; value <= maximum; value += multipleOf) values.push(value);
  return values;
}

/** Findings for every `insurancePremium` call in the document's rules and for the tables they name. */
export function premiumTableFindings(doc: FormDocument): Finding[] {
  const findings: Finding[] = [];
  const checked = new Set<string>();
  walk(doc.rules ?? {}, '/rules', (call, path) => {
    const args = Array.isArray(call) ? call : [call];
    const tierVar = varName(args[0]);
    const tableVar = varName(args[2]);
    if (tierVar === undefined || varName(args[1]) === undefined || tableVar === undefined || !tableVar.startsWith('$const.')) {
      findings.push({ path, message: `${OPERATION}-säännön argumentit ovat tasokenttä, ikäkenttä ja hintataulukko: [{"var": "taso"}, {"var": "ikä"}, {"var": "$const.taulukko"}]` });
      return;
    }
    const name = tableVar.slice('$const.'.length);
    const key = `${tierVar}\0${name}`;
    if (checked.has(key)) return;
    checked.add(key);
    const tiers = sliderValues(doc.schema.properties[tierVar]);
    if (tiers === null) {
      findings.push({ path, message: `tasokentällä "${tierVar}" pitää olla minimum, maximum ja multipleOf, jotta hintataulukon kattavuus voidaan tarkistaa` });
      return;
    }
    const table = name.split('.').reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), doc.constants);
    findings.push(...tableFindings(table, tiers, `/constants/${name.split('.').join('/')}`, tierVar));
  });
  return findings;
}

/** A table against the tier values it must price; paths are under `at`. */
export function tableFindings(table: unknown, tiers: number[], at: string, tierField = 'taso'): Finding[] {
  const findings: Finding[] = [];
  const add = (path: string, message: string) => findings.push({ path, message });
  if (!isObject(table)) return [{ path: at, message: 'hintataulukkoa ei ole tai se ei ole olio (ages, tiers, bands)' }];
  const { ages, tiers: written, bands } = table;
  if (!isObject(ages) || !Number.isInteger(ages.min) || !Number.isInteger(ages.max) || (ages.max as number) < (ages.min as number))
    add(`${at}/ages`, 'hintataulukon ikäväli puuttuu: ages = {"min": alin ikä, "max": ylin ikä}');
  const same = Array.isArray(written) && written.length === tiers.length && written.every((tier, i) => tier === tiers[i]);
  if (!same) add(`${at}/tiers`, `hintataulukon tasojen pitää olla kentän "${tierField}" arvot järjestyksessä: ${tiers.join(', ')}`);
  if (!Array.isArray(bands) || bands.length === 0) {
    add(`${at}/bands`, 'hintataulukossa ei ole ikäryhmiä (bands)');
    return findings;
  }
  const coveredBy = new Map<number, number>();
  bands.forEach((band, b) => {
    const path = `${at}/bands/${b}`;
    if (!isObject(band) || !Number.isInteger(band.minAge) || !Number.isInteger(band.maxAge) || (band.maxAge as number) < (band.minAge as number)) {
      add(path, 'ikäryhmällä pitää olla minAge ja maxAge (kokonaislukuja, minAge ≤ maxAge) ja hinnat (premiums)');
      return;
    }
    const [min, max] = [band.minAge as number, band.maxAge as number];
    for (let age = min; age <= max; age++) {
      const other = coveredBy.get(age);
      if (other !== undefined) add(path, `ikä ${age} kuuluu jo ikäryhmään ${other + 1}: ikäryhmät eivät saa olla päällekkäin`);
      else coveredBy.set(age, b);
    }
    const premiums = Array.isArray(band.premiums) ? band.premiums : [];
    tiers.forEach((tier, t) => {
      if (!isEuros(premiums[t])) add(`${path}/premiums/${t}`, `ikäryhmältä ${min}–${max} puuttuu hinta tasolle ${tier} € (positiivinen euromäärä, enintään kaksi desimaalia)`);
    });
    if (premiums.length > tiers.length) add(`${path}/premiums`, `ikäryhmällä ${min}–${max} on enemmän hintoja (${premiums.length}) kuin tasoja (${tiers.length})`);
  });
  if (isObject(ages) && Number.isInteger(ages.min) && Number.isInteger(ages.max)) {
    const missing: number[] = [];
    for (let age = ages.min as number; age <= (ages.max as number); age++) if (!coveredBy.has(age)) missing.push(age);
    if (missing.length) add(`${at}/bands`, `hintataulukosta puuttuu hinta iälle ${ranges(missing)}: jokaisen iän ${ages.min}–${ages.max} pitää kuulua yhteen ikäryhmään`);
    const outside = [...coveredBy.keys()].filter((age) => age < (ages.min as number) || age > (ages.max as number));
    if (outside.length) add(`${at}/bands`, `ikäryhmissä on ikiä ikävälin ${ages.min}–${ages.max} ulkopuolella: ${ranges(outside.sort((a, b) => a - b))}`);
  }
  return findings;
}

/** 18, 19, 20, 25 → "18–20, 25". */
function ranges(ages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ages.length; i++) {
    let j = i;
    while (j + 1 < ages.length && ages[j + 1] === ages[j] + 1) j++;
    parts.push(i === j ? `${ages[i]}` : `${ages[i]}–${ages[j]}`);
    i = j;
  }
  return parts.join(', ');
}

function varName(arg: unknown): string | undefined {
  if (!isObject(arg) || Object.keys(arg).length !== 1 || !('var' in arg)) return undefined;
  const name = Array.isArray(arg.var) ? arg.var[0] : arg.var;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function walk(node: Logic, path: string, visit: (args: unknown, path: string) => void): void {
  if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}/${i}`, visit));
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === OPERATION) visit(value, path);
    walk(value, `${path}/${key}`, visit);
  }
}
