// The Finnish texts of the condition model's checks and of the rule in words, in one
// place (the studio's catalogue takes its UI texts from src/studio/conditions/messages.fi.ts).
export const conditionTexts = {
  refusal: {
    unknownField: (id: string) => `Kenttää "${id}" ei ole lomakkeessa`,
    laterField: (label: string) => `Kenttä "${label}" tulee vasta myöhemmin`,
    notAnOption: (value: string, label: string) => `Arvo "${value}" ei ole kentän "${label}" vaihtoehto`,
    missingValue: (label: string) => `Ehdosta puuttuu arvo kentälle "${label}"`,
    emptyGroup: 'Ryhmässä ei ole ehtoja',
  },
  /** Why the builder cannot show a rule (it is then edited as JSON). */
  raw: {
    constantAlone: 'vakio yksinään ehtona',
    notOperation: 'ei JSON-Logic-operaatio',
    emptyGroup: (name: string) => `tyhjä ${name}-ryhmä`,
    notOnField: (name: string) => `${name} muulle kuin kentälle`,
    doubleNegation: 'kaksinkertainen kielto',
    operation: (name: string) => `operaatiota ${name} ei voi näyttää riveinä`,
    monthYear: (name: string) => `${name}: odotettiin kuukauden ja vuoden kenttää`,
    between: 'välin rajat eivät ole arvoja, kenttiä tai vakioita',
    inList: 'in: odotettiin kenttää ja arvoluetteloa',
    comparison: (name: string) => `${name}: odotettiin kenttää ja arvoa`,
  },
  json: {
    /** JSON.parse's own message is English: only the place is told. */
    invalid: (detail: string) => {
      const at = /position (\d+)/.exec(detail);
      return at ? `JSON ei ole kelvollista (kohta ${Number(at[1]) + 1})` : 'JSON ei ole kelvollista';
    },
    notRule: 'Ehto ei ole JSON-Logic-sääntö: odotettiin oliota, kuten {"==": [{"var": "kenttä"}, 1]}',
    unknownOperation: (name: string) => `Tuntematon operaatio "${name}"`,
  },
  words: {
    /** The sentence's opening per kind of rule; the conditions follow. */
    lead: {
      visible: 'näytetään, kun',
      required: 'pakollinen, kun',
      check: 'hyväksytään, kun',
      warning: 'huomautetaan, ellei päde, että',
    },
    /** A rule with no condition. */
    always: {
      visible: 'näytetään aina',
      required: 'aina pakollinen',
      check: 'hyväksytään aina',
      warning: 'ei huomautusta',
    },
    none: {
      visible: 'näytetään aina',
      required: 'ei pakollinen',
      check: 'ei tarkistusta',
      warning: 'ei huomautusta',
    },
    raw: 'ehto on kirjoitettu JSON-muodossa',
    and: 'ja',
    or: 'tai',
    andNot: 'eikä',
    /** The verb after 'eikä': 'eikä kanssahakija ole valittu'. */
    notVerb: 'ole',
    is: 'on',
    isNot: 'ei ole',
    notOpen: 'ei päde, että',
    selected: 'valittu',
    given: 'annettu',
    empty: 'tyhjä',
    less: 'alle',
    atMost: 'enintään',
    more: 'yli',
    atLeast: 'vähintään',
    between: (low: string, high: string) => `välillä ${low}–${high}`,
    inFuture: 'tulevaisuudessa',
    inPast: 'menneisyydessä',
    monthYear: (month: string, year: string) => `ajankohta (${month}, ${year})`,
    sameAs: (label: string) => `sama kuin ${label}`,
    age: (label: string) => `ikä (${label})`,
    sex: (label: string) => `sukupuoli (${label})`,
    sexes: { male: 'mies', female: 'nainen' } as Record<string, string>,
    constant: (path: string) => `vakio ${path}`,
    yes: 'kyllä',
    no: 'ei',
    nothing: 'tyhjä',
  },
} as const;
