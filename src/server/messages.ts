// The server's own texts in one place. The applicant sees `fi`; `en` goes to the logs
// and to developers reading responses. Field-level messages come from the form
// documents, never from here.
export const messages = {
  invalidJson: {
    fi: 'Pyynnön sisältö ei ole kelvollista JSONia.',
    en: 'The request body is not valid JSON.',
  },
  emptyBody: {
    fi: 'Pyynnöstä puuttuu sisältö.',
    en: 'The request body is empty.',
  },
  notAnObject: {
    fi: 'Pyynnön sisällön pitää olla JSON-olio.',
    en: 'The request body must be a JSON object.',
  },
  unsupportedContentType: {
    fi: 'Pyynnön sisältötyypin pitää olla application/json.',
    en: 'The request content type must be application/json.',
  },
  bodyTooLarge: {
    fi: 'Pyynnön sisältö on liian suuri.',
    en: 'The request body is too large.',
  },
  tooDeep: {
    fi: 'Pyynnön sisältö on liian syvälle sisäkkäinen.',
    en: 'The request body is nested too deeply.',
  },
  invalidText: {
    fi: 'Pyynnön tekstissä on merkkejä, joita ei voi tallentaa.',
    en: 'The request contains text that cannot be stored (NUL or a lone surrogate).',
  },
  unknownFields: {
    fi: 'Pyynnössä on tuntemattomia kenttiä: {fields}.',
    en: 'The request has unknown fields: {fields}.',
  },
  invalidField: {
    fi: 'Kentän {field} arvo ei kelpaa: {expected}.',
    en: 'The value of {field} is invalid: {expected}.',
  },
  conflictingField: {
    fi: 'Kenttä {field} on annettu kahdesti eri arvoilla.',
    en: 'The field {field} is given twice with different values.',
  },
  variantChanged: {
    fi: 'Hakemuksen {field} ei voi muuttua tallennusten välillä.',
    en: 'The application {field} cannot change between saves.',
  },
  finalizeTakesNoBody: {
    fi: 'Viimeistelypyynnöllä ei ole sisältöä.',
    en: 'The finalize request takes no body.',
  },
  validationFailed: {
    fi: 'Tarkista seuraavat kentät.',
    en: 'Some fields are invalid.',
  },
  validationUnavailable: {
    fi: 'Hakemuksen tietoja ei voitu tarkistaa. Tarkista kentät ja yritä uudelleen.',
    en: 'The application could not be checked.',
  },
  applicationNotFound: {
    fi: 'Hakemusta ei löytynyt.',
    en: 'Application not found.',
  },
  alreadyFinalized: {
    fi: 'Hakemus on jo viimeistelty, eikä sitä voi enää muuttaa.',
    en: 'The application is already finalized and cannot be changed.',
  },
  notFound: {
    fi: 'Osoitetta ei löytynyt.',
    en: 'Not found.',
  },
  postalCodeInvalid: {
    fi: 'Tarkista postinumero',
    en: 'A postal code is five digits.',
  },
  postalCodeUnknown: {
    fi: 'Tarkasta postinumero',
    en: 'Unknown postal code.',
  },
  rateLimited: {
    fi: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.',
    en: 'Too many requests. Try again shortly.',
  },
  badRequest: {
    fi: 'Virheellinen pyyntö.',
    en: 'Bad request.',
  },
  internal: {
    fi: 'Jotain meni vikaan. Yritä uudelleen.',
    en: 'Internal server error.',
  },
} as const satisfies Record<string, { fi: string; en: string }>;

export type MessageKey = keyof typeof messages;

export function text(key: MessageKey, params: Record<string, string> = {}, lang: 'fi' | 'en' = 'fi'): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
