// Every user-visible text of the application that is not part of a form document:
// page chrome, brand claims, modals, placeholders. Field labels, hints and
// validation messages live in forms/.
import type { RendererMessages } from '../../engine/react/index.ts';

export const renderer: RendererMessages = {
  errorSummaryTitle: 'Tarkista seuraavat kentät:',
  errorPrefix: 'Virhe:',
  errorTitlePrefix: 'Virhe: ',
  yes: 'Kyllä',
  no: 'Ei',
  selectPlaceholder: 'Valitse',
  didYouMean: 'Tarkoitatko: {suggestion}?',
  postalCodeUnknown: 'Tarkasta postinumero',
  progress: 'Vaihe {n}/{total} · {percent} % valmiina',
  progressAnswered: '{percent} % valmiina',
  stepOf: 'Vaihe {n}/{total}',
  summaryTitle: 'Hakemuksesi',
  summaryEmpty: 'Vastauksesi kootaan tähän sitä mukaa kuin etenet.',
  editSection: 'Muokkaa: {section}',
  sliderLabel: '{label}, liukusäädin',
  currency: '€',
  addRowFor: '({list})',
  removeRowFor: '({row})',
  saving: 'Tallennetaan…',
  opensInNewTab: '(avautuu uuteen välilehteen)',
};

export const brandTexts = {
  lainavertailu: { name: 'Lainavertailu', tagline: 'Vertaa lainat – maksutta ja sitoumuksetta' },
  kattokorko: { name: 'Kattokorko', tagline: 'Edullisempi laina, korko kurissa' },
};

/**
 * The header (marketplace spec §2): its title by the page's `?view=` (kulutusluotto when none,
 * or the product page's own), the links to the application pages and customer service.
 */
export const headerTexts = {
  titles: {
    kulutusluotto: 'Kulutusluotto',
    yhdistelylaina: 'Yhdistelylaina',
    asuntolaina: 'Asuntolaina',
    yritysluotto: 'Yritysluotto',
    asiakaspalvelu: 'Asiakaspalvelu',
  },
  /** The application pages' links, by the catalogue's product id. */
  links: { kulutusluotto: 'Kulutusluotto', yhdistelylaina: 'Yhdistelylaina', asuntolaina: 'Asuntolaina', yritysluotto: 'Yritysluotto' },
  customerService: 'Asiakaspalvelu',
  nav: 'Lainahakemukset ja asiakaspalvelu',
  toggle: 'Lainat',
} as const;

/** The site banners' strip (issue 28 item 3); the banners' own texts are forms/content/banners.json. */
export const bannerTexts = {
  region: 'Tiedotteet',
  dismiss: 'Sulje tiedote',
  severity: { info: 'Tiedote', warning: 'Huomio', critical: 'Tärkeä tiedote' },
} as const;

export const site = {
  support: {
    label: 'Asiakaspalvelu',
    hours: 'ma–pe 9–17',
    phone: '09 4242 4242',
    phoneHref: 'tel:+358942424242',
    phoneText: 'puh. 09 4242 4242',
    line: 'Asiakaspalvelu ma–pe 9–17, puh. 09 4242 4242',
    /** `{domain}` is the brand's. */
    email: 'asiakaspalvelu@{domain}',
  },
  skipToForm: 'Siirry hakemukseen',
  secure: 'Suojattu yhteys',
  footerNote:
    'Palvelu on maksuton eikä hakemus sido sinua mihinkään. Välitämme hakemuksesi yhteistyökumppaneillemme, jotka tekevät sinulle henkilökohtaisen lainatarjouksen.',
  // 'ja -rahoitusyhtiöt' is one phrase: a no-break space after 'ja' and a word joiner after
  // the hyphen keep a narrow screen from breaking it (issue 25 item 16).
  footerLegal: 'Lainojen myöntäjinä toimivat yhteistyöpankit ja\u00a0-\u2060rahoitusyhtiöt. Luoton myöntäminen edellyttää hyväksyttävää luottopäätöstä.',
  copyright: '© {year} {brand}',
};

/** `{min}` and `{max}` are the loaded form's amount limits (src/app/layout/hero-text.ts). */
export const hero = {
  kulutusluotto: {
    eyebrow: 'Kulutusluotto {min}–{max} €',
    title: 'Vertaa kulutusluotot yhdellä hakemuksella',
    lead: 'Täytä hakemus kerran, niin lainanantajat kilpailevat sinusta. Saat henkilökohtaiset tarjoukset maksutta ja sitoumuksetta.',
  },
  yhdistelylaina: {
    eyebrow: 'Yhdistelylaina',
    title: 'Yhdistä lainasi ja maksa vähemmän',
    lead: 'Kokoa pienet lainat ja osamaksut yhdeksi lainaksi. Vertaamme puolestasi, kuka tarjoaa edullisimman yhdistelylainan.',
  },
  yritysluotto: {
    eyebrow: 'Yritysluotto {min}–{max} €',
    title: 'Vertaa yritysrahoitus yhdellä hakemuksella',
    lead: 'Täytä yrityksesi tiedot kerran, niin yritysrahoittajat tekevät tarjouksensa. Vertailu on maksuton eikä sido yritystäsi mihinkään.',
  },
  asuntolaina: {
    eyebrow: 'Asuntolaina {min}–{max} €',
    title: 'Kilpailuta asuntolainasi yhdellä hakemuksella',
    lead: 'Täytä hakemus kerran, niin välitämme sen kumppanipankeille, joiden ehtoihin se sopii. Palvelu on maksuton eikä sido sinua mihinkään.',
  },
};

export const promo = {
  title: 'Miksi hakea meidän kauttamme?',
  /** `{count}`: the product's lenders in the marketplace's own data (src/app/lender-count.ts). */
  points: ['Yksi hakemus, tarjoukset {count} lainanantajalta', 'Ei vaikutusta luottotietoihisi', 'Tietosi käsitellään turvallisesti Suomessa'],
};

export const summaryPanel = {
  title: 'Hakemuksesi',
  show: 'Näytä yhteenveto',
  hide: 'Piilota yhteenveto',
};

export const loanStep = {
  installmentUnit: '€/kk',
};

export const modals = {
  close: 'Sulje',
  loading: { title: 'Lähetetään tietoja...', body: 'Hetki, tallennamme hakemustasi.' },
  saveFailed: {
    title: 'Hakemuksen tallennus epäonnistui',
    body: 'Hakemuksen tallennuksessa tapahtui virhe. Ole hyvä, tarkista kaikki kentät ja yritä uudelleen.',
    fieldsTitle: 'Tarkista nämä kentät:',
    action: 'Tarkista kentät',
    retry: 'Sulje ja yritä uudelleen',
  },
  pep: {
    button: 'Mikä on PEP?',
    title: 'Poliittisesti vaikutusvaltainen henkilö (PEP)',
    paragraphs: [
      'Poliittisesti vaikutusvaltainen henkilö on henkilö, joka toimii tai on viimeisen vuoden aikana toiminut merkittävässä julkisessa tehtävässä Suomessa tai ulkomailla.',
      'Tällaisia tehtäviä ovat esimerkiksi valtionpäämies, hallituksen jäsen, kansanedustaja, puolueen hallituksen jäsen, ylimpien tuomioistuinten tuomari, keskuspankin johtokunnan jäsen, suurlähettiläs, puolustusvoimien korkea upseeri sekä valtion omistaman yrityksen johtoon kuuluva.',
      'Rahanpesulaki velvoittaa luotonantajat selvittämään, onko hakija tai hänen perheenjäsenensä tai läheinen yhtiökumppaninsa poliittisesti vaikutusvaltainen henkilö.',
    ],
  },
  loanTypes: {
    button: 'Mitä lainoja tähän merkitään?',
    title: 'Lainatyypit',
    items: [
      ['Asuntolaina', 'Oman tai vapaa-ajan asunnon hankintaan otettu laina.'],
      ['Auto- ja venelaina', 'Ajoneuvon tai veneen hankintaan otettu laina tai osamaksu.'],
      ['Opintolaina', 'Valtion takaama tai muu opiskeluun otettu laina.'],
      ['Muu laina', 'Kulutusluotot, luottokorttien ja tilien luottolimiitit sekä muut osamaksut.'],
    ],
    note: 'Merkitse lainan jäljellä oleva määrä ja sen kuukausierä. Jos sinulla ei ole lainoja, valitse ”Ei lainoja”.',
  },
  // Marketplace spec §2 mortgage step 3: gross and net monthly income "with a help modal".
  incomeHelp: {
    button: 'Mitä tuloiksi merkitään?',
    title: 'Brutto- ja nettotulot',
    items: [
      ['Bruttotulot', 'Kuukausitulosi ennen veroja: palkka tai eläke sekä säännölliset lisät, kuten vuorotyö- ja lomarahalisät kuukautta kohden.'],
      ['Nettotulot', 'Summa, joka maksetaan tilillesi kuukaudessa verojen ja muiden pidätysten jälkeen.'],
      ['Vaihtelevat tulot', 'Jos tulosi vaihtelevat, merkitse viimeisen 12 kuukauden keskiarvo.'],
    ],
    note: 'Pankki tarkistaa tulot myöhemmin esimerkiksi palkkatodistuksesta tai verotuspäätöksestä. Merkitse vain omat tulosi; kanssahakijan tulot kysytään hänen omissa tiedoissaan.',
  },
  // Spec §2 business: the loan-type information beside the purpose (texts decided, docs/decisions.md).
  businessLoanTypes: {
    button: 'Mihin yritysrahoitusta voi käyttää?',
    title: 'Yritysrahoituksen käyttötarkoitukset',
    items: [
      ['Käyttöpääoma', 'Palkat, ostot ja muut juoksevat kulut kausivaihtelun tai kasvun aikana.'],
      ['Koneet, laitteet ja kalusto', 'Investointi, joka tuottaa yritykselle useamman vuoden ajan.'],
      ['Varasto', 'Tavaran hankinta ennen myyntikautta.'],
      ['Yrityskauppa', 'Toisen yrityksen tai sen liiketoiminnan osto.'],
      ['Toimitilat ja kasvu', 'Remontti, markkinointi tai uuteen kasvuun valmistautuminen.'],
    ],
    note: 'Rahoittajat päättävät tarjouksistaan yrityksen iän, liikevaihdon ja yhtiömuodon perusteella. Tarjoukset ovat maksuttomia eivätkä sido yritystäsi.',
  },
};

export const pages = {
  loadingForm: 'Ladataan hakemusta…',
  loadFailed: {
    title: 'Hakemuksen lataaminen epäonnistui',
    body: 'Lataa sivu uudelleen. Jos ongelma jatkuu, ota yhteyttä asiakaspalveluun.',
    reload: 'Lataa sivu uudelleen',
  },
  notFound: {
    title: 'Sivua ei löytynyt',
    body: 'Etsimääsi sivua ei ole olemassa tai se on siirretty.',
    link: 'Siirry lainahakemukseen',
  },
  /** A product whose catalogue flow has no module in src/flows (a deployment without it). */
  flowMissing: {
    title: 'Hakemus ei ole käytettävissä',
    body: 'Tätä hakemusta ei voi juuri nyt täyttää tässä palvelussa. Yritä myöhemmin uudelleen tai ota yhteyttä asiakaspalveluun.',
    action: 'Siirry lainahakemukseen',
  },
  resumeUnavailable: {
    title: 'Hakemusta ei voitu avata',
    body: 'Hakemuksen tietoja ei löytynyt tästä selaimesta. Avaa hakemuksen osoite uudelleen, niin saat kertakirjautumiskoodin, tai täytä uusi hakemus.',
    action: 'Aloita uusi hakemus',
  },
  authentication: {
    title: 'Vahva tunnistautuminen',
    saved: 'Hakemuksesi on tallennettu.',
    next: 'Seuraavaksi hakija tunnistautuu vahvasti verkkopankkitunnuksilla tai mobiilivarmenteella. Lain mukaan kulutusluottoa hakevan henkilöllisyys on varmistettava vahvalla sähköisellä tunnistautumisella 3.11.2025 alkaen.',
    notYet: 'Vahva tunnistautuminen ei ole vielä käytössä tässä palvelussa, joten hakemusta ei voi vielä lähettää lainanantajille.',
    coApplicant: 'Myös kanssahakija tunnistautuu omilla tunnuksillaan.',
    back: 'Palaa hakemukseen',
  },
  status: {
    title: 'Hakemuksen viimeistely',
    body: 'Hakemuksen viimeistely tunnistautumisen jälkeen ei ole vielä käytössä tässä palvelussa.',
    back: 'Palaa hakemukseen',
  },
};

export const documentTitle = {
  application: '{product} | {brand}',
  products: { kulutusluotto: 'Kulutusluottohakemus', yhdistelylaina: 'Yhdistelylainahakemus', asuntolaina: 'Asuntolainahakemus', yritysluotto: 'Yritysluottohakemus' },
};

// --- Business loan (issue 16; marketplace spec §2, §4, §8) ---
export const businessTexts = {
  sending: { title: 'Lähetetään tietoja...', body: 'Hetki, välitämme hakemusta yritysrahoittajille.' },
  failed: {
    title: 'Hakemuksen lähetys epäonnistui',
    body: 'Hakemuksen lähetyksessä tapahtui virhe. Ole hyvä, tarkista tiedot ja yritä uudelleen.',
  },
  done: {
    title: 'Olet valmis!',
    body: 'Hakemuksesi on lähetetty yritysrahoittajille. Siirrymme tarjouksiin hetken kuluttua.',
    action: 'Siirry tarjouksiin',
  },
  offers: {
    /** Spec §2, §4: always beside the offers once there are any. */
    promoted: {
      label: 'Mainos',
      title: 'Jatkuva yritysluotto',
      body: 'Joustava luottoraja yrityksesi kassaan: nostat tarvittaessa ja maksat korkoa vain käytetystä summasta.',
      /** Its action, as the consumer list's promoted row has one (issue 25, item 15): the partner's page. */
      link: 'Tutustu jatkuvaan yritysluottoon',
    },
  },
};

// --- Login and the customer area (issue 17; marketplace spec §2, §4, §8) ---
export const customerTexts = {
  loginTitle: 'Kirjaudu sisään',
  codeTitle: 'Kertakirjautumiskoodi',
  loginLead: 'Kirjautumalla näet lainahakemuksiesi tarjoukset ja voit hakea uutta lainaa esitäytetyllä hakemuksella.',
  failures: {
    login: 'Kirjautuminen epäonnistui. Tarkista että käytät samaa puhelinnumeroa kuin edellisellä lainahakemuksellasi.',
    code: 'Kirjautuminen epäonnistui. Tarkista kertakirjautumiskoodi.',
    other: 'Kirjautuminen epäonnistui. Yritä uudelleen.',
    /** A 429 (issue 25 item 2): too many logins for now, said as such. */
    limited: 'Liian monta kirjautumisyritystä. Voit yrittää uudelleen {minutes} minuutin kuluttua.',
  },
  /** Each failure adds the customer service (§8). */
  hint: 'Jos kirjautuminen ei onnistu, ota yhteyttä asiakaspalveluumme, puh. {phone}.',
  newCode: 'Pyydä uusi koodi',
  loggingOut: 'Kirjaudutaan ulos...',
  checking: 'Haetaan tietoja...',
  fetchFailed: 'Virhe tietojen hakemisessa. Ongelmatilanteissa otattehan yhteyttä asiakaspalveluumme.',
  menu: { applications: 'Lainahakemukset', apply: 'Hae lainaa', details: 'Omat tiedot', logout: 'Kirjaudu ulos', login: 'Kirjaudu sisään', label: 'Asiakasvalikko', toggle: 'Valikko' },
  /** /omattiedot (spec §2 "User details", §8): the form is forms/user-details.json. */
  details: {
    title: 'Omat tiedot',
    saved: 'Tiedot päivitetty',
    failed: 'Tarkista tiedot',
  },
  /**
   * /maksuturva (issue 27; marketplace spec §2 "Insurance page", §4 "Insurance"): the page's
   * own words. The insurance's (eligibility, price, statuses, the form) are forms/insurance.json's.
   */
  insurance: {
    title: 'Maksuturva',
    /** Before the criteria the service knows are not met (eligibility `reasons`). */
    reasonsLead: 'Tietojemme mukaan seuraava ehto ei täyty:',
    monthlyPaymentUnknown: 'Kuukausimaksua ei voitu laskea.',
    perMonth: '{amount} / kk',
    editTitle: 'Muokkaa hakemusta',
    cancelEdit: 'Peruuta muokkaus',
    saveFailed: 'Hakemuksen tallennus epäonnistui. Tarkista tiedot ja yritä uudelleen.',
    confirmationTitle: 'Maksuturvahakemuksesi',
    tableCaption: 'Hakemuksesi tiedot',
    name: 'Nimi',
    address: 'Osoite',
    statusLabel: 'Hakemuksen tila:',
    edit: 'Muokkaa hakemusta',
    signTitle: 'Allekirjoita hakemus',
    signLead: 'Allekirjoita hakemus tunnistautumalla verkkopankkitunnuksilla tai mobiilivarmenteella. Allekirjoituksen jälkeen hakemus lähetetään vakuutusyhtiölle.',
    signedNote: 'Hakemus on allekirjoitettu ja lähetetty vakuutusyhtiölle.',
    methodsLoading: 'Haetaan allekirjoitustapoja…',
    methodsFailed: 'Allekirjoitustapoja ei saatu haettua. Päivitä sivu tai yritä hetken kuluttua uudelleen.',
    redirecting: 'Ohjataan allekirjoittamaan…',
    redirectFailed: 'Allekirjoitukseen siirtyminen epäonnistui. Yritä uudelleen.',
    /** After the bank (`?allekirjoitus=<outcome>`). */
    outcomes: {
      signed: 'Kiitos! Hakemus on allekirjoitettu.',
      cancelled: 'Allekirjoitus keskeytettiin. Hakemusta ei allekirjoitettu: voit allekirjoittaa sen alla.',
      failed: 'Allekirjoitus epäonnistui. Hakemusta ei allekirjoitettu: yritä uudelleen.',
      mismatch: 'Allekirjoitusta ei hyväksytty: hakemuksen voi allekirjoittaa vain vakuutettu itse omilla tunnuksillaan.',
      changed: 'Allekirjoitusta ei hyväksytty, koska hakemus muuttui allekirjoituksen aikana. Tarkista tiedot ja allekirjoita hakemus uudelleen.',
    },
    insurerTitle: 'Vakuutusyhtiön päätös',
    insurerWaiting: 'Vakuutusyhtiön päätöstä odotetaan.',
    decisions: {
      ACCEPTED: 'Vakuutus on myönnetty ({date}).',
      DECLINED: 'Vakuutusyhtiö ei myöntänyt vakuutusta ({date}).',
    },
    /** The panel on /lainahakemukset. */
    panelTitle: 'Maksuturva',
    panelLink: 'Katso maksuturvahakemus',
  },
  /** /haelainaa (spec §2): a new application prefilled from the latest one, one card per loan. */
  apply: {
    title: 'Hae lainaa',
    lead: 'Valitse haettava laina. Hakemukseen täytetään valmiiksi tietosi edellisestä hakemuksestasi: tarkista ne, anna suostumukset ja lähetä hakemus.',
    preparing: 'Valmistellaan hakemusta...',
    cards: {
      mortgage: {
        title: 'Asuntolaina',
        body: 'Kilpailuta asuntolaina usealla pankilla yhdellä hakemuksella. Näet koko hakemuksen kerralla ja voit täydentää ostettavan asunnon tiedot.',
        button: 'Hae asuntolainaa',
      },
      consumer: {
        title: 'Kulutusluotto',
        body: 'Vakuudeton laina mihin tahansa tarpeeseen. Tarjoukset saat maksutta ja sitoumuksetta.',
        button: 'Hae kulutusluottoa',
      },
      combine: {
        title: 'Yhdistelylaina',
        body: 'Yhdistä nykyiset lainasi ja luottosi yhdeksi lainaksi ja maksa vain yhtä kuukausierää.',
        button: 'Hae yhdistelylainaa',
      },
    },
  },
  applications: {
    title: 'Lainahakemukset',
    latest: 'Viimeisin hakemuksesi',
    /** The application whose offers are shown: type, amount and date. */
    shown: '{type}, {amount}, haettu {date}',
    backToLatest: 'Näytä viimeisimmän hakemuksen tarjoukset',
    pending: 'Vastausta odotetaan vielä näiltä lainanantajilta:',
    noPending: 'Kaikki lainanantajat ovat vastanneet.',
    mortgage: 'Asuntolainahakemus välitetään pankeille arvioitavaksi. Pankit ottavat sinuun yhteyttä valitsemanasi yhteydenottoaikana.',
    draft: 'Hakemus on kesken, eikä sitä ole vielä lähetetty lainanantajille.',
    cancelledNote: 'Hakemus on peruttu. Sen tarjouksia ei voi enää hyväksyä.',
    apply: 'Hae lainaa esitäytetyllä hakemuksella',
    previous: 'Aiemmat hakemuksesi',
    none: 'Sinulla ei ole vielä hakemuksia.',
    tableCaption: 'Aiemmat hakemuksesi',
    columns: { type: 'Hakemus', amount: 'Lainasumma', date: 'Päivämäärä', offers: 'Tarjouksia', action: 'Toiminnot' },
    showOffers: 'Katso tarjoukset',
    showOffersLabel: 'Katso tarjoukset: {type} {date}',
    cancel: 'Peru hakemus',
    cancelled: 'Peruttu',
    cancelLabel: 'Peru hakemus {date}',
    confirm: {
      title: 'Perutaanko hakemus?',
      body: 'Lainanantajat, jotka eivät ole vielä vastanneet, eivät enää käsittele hakemusta, eikä sen tarjouksia voi enää hyväksyä. Peruttua hakemusta ei voi palauttaa.',
      yes: 'Peru hakemus',
      no: 'Älä peru',
    },
    help: {
      button: 'Ohje',
      label: 'Ohje: aiemmat hakemukset',
      title: 'Aiemmat hakemuksesi',
      paragraphs: [
        'Listassa ovat lähettämäsi lainahakemukset, uusin ensin: ne, joihin tunnistauduit pankkitunnuksilla, ja yritysluotot, jotka lähetit kirjautuneena. Keskeneräiset hakemukset eivät näy listassa.',
        'Katso tarjoukset näyttää hakemukselle tulleet lainatarjoukset. Tarjoukset ovat maksuttomia eivätkä sido sinua.',
        'Peru hakemus lopettaa hakemuksen käsittelyn: lainanantajat, jotka eivät ole vielä vastanneet, eivät enää saa sitä, eikä perutun hakemuksen tarjouksia voi hyväksyä. Perutun hakemuksen kohdalla lukee Peruttu.',
        'Jos jokin hakemus ei ole sinun tekemäsi, ota yhteyttä asiakaspalveluumme.',
      ],
    },
    types: { CONSUMER: 'Kulutusluotto', COMBINE: 'Yhdistelylaina', MORTGAGE: 'Asuntolaina', BUSINESS: 'Yritysluotto' } as Record<string, string>,
  },
};

// --- Mortgage status and result pages (issue 15; marketplace spec §2, §4, §8) ---
// Texts the spec does not show are decided in docs/decisions.md ("Mortgage pages").
export const mortgagePages = {
  status: {
    title: 'Hakemuksesi käsittely',
    checking: 'Tarkistetaan hakemuksen tilaa...',
    analysing: 'Pankit tekevät hakemuksestasi alustavaa arviota. Tämä kestää yleensä hetken.',
    draft: 'Hakemus on vielä kesken. Palaa hakemukseen ja lähetä se viimeisestä vaiheesta.',
    backToForm: 'Palaa hakemukseen',
  },
  authentication: {
    lead: 'Hakemuksesi on tallennettu.',
    why: 'Tunnistaudu verkkopankkitunnuksilla tai mobiilivarmenteella, niin hakemus välitetään pankeille arvioitavaksi. Yhteishakemuksessa riittää, että päähakija tunnistautuu.',
  },
  offers: {
    processingTitle: 'Hakemustasi käsitellään',
    processing: 'Odotetaan tunnistautumisen vahvistusta...',
    thanksTitle: 'Kiitos hakemuksestasi!',
    thanks: 'Hakemuksesi on välitetty seuraaville kumppanipankeille:',
    next: 'Pankit ottavat sinuun yhteyttä valitsemanasi yhteydenottoaikana. Tarjoukset ovat maksuttomia eivätkä sido sinua.',
    newApplication: 'Täytä uusi hakemus',
  },
  denied: {
    title: 'Hakemustasi ei välitetty pankeille',
    body: 'Vertasimme hakemustasi kumppanipankkiemme ehtoihin, mutta se ei tällä kertaa sopinut yhdenkään pankin ehtoihin, joten emme välittäneet sitä eteenpäin.',
    reasonsTitle: 'Syyt',
    noReasons: 'Syitä ei voitu näyttää. Ota tarvittaessa yhteyttä asiakaspalveluumme.',
    advice: 'Voit hakea uudelleen esimerkiksi pienemmällä lainasummalla, suuremmalla omarahoituksella tai yhdessä kanssahakijan kanssa.',
    newApplication: 'Täytä uusi hakemus',
  },
  error: {
    title: 'Hakemuksen käsittelyssä on tapahtunut virhe',
    body: 'Emme saaneet hakemuksesi tietoja juuri nyt. Yritä hetken kuluttua uudelleen tai ota yhteyttä asiakaspalveluumme: {email}.',
    login: 'Kirjaudu tilillesi',
    newApplication: 'Täytä uusi hakemus',
  },
};

// --- Offers list, step 0 (issue 5, B) ---
export const offersTexts = {
  documentTitle: 'Lainatarjoukset | {brand}',
  headingCount: 'Lainatarjoukset: {count} kpl',
  headingWaiting: 'Haetaan tarjouksia...',
  waiting: 'Odota hetki. Tarjouksia haetaan...',
  none: 'Ei lainatarjouksia',
  sortLabel: 'Järjestä',
  sortOptions: {
    'apr,asc': 'Todellinen vuosikorko, pienin ensin',
    'apr,desc': 'Todellinen vuosikorko, suurin ensin',
    'interest,asc': 'Nimelliskorko, pienin ensin',
    'interest,desc': 'Nimelliskorko, suurin ensin',
    'monthlyPayment,asc': 'Kuukausierä, pienin ensin',
    'monthlyPayment,desc': 'Kuukausierä, suurin ensin',
  } as Record<string, string>,
  columns: {
    lender: 'Lainanantaja',
    amount: 'Lainasumma',
    tenor: 'Laina-aika',
    interest: 'Nimelliskorko',
    apr: 'Todellinen vuosikorko',
    monthlyPayment: 'Kuukausierä',
    totalAmount: 'Takaisin maksettava yhteensä',
    action: 'Valinta',
  },
  tableCaption: 'Saamasi lainatarjoukset',
  perMonth: '{value} / kk',
  badge: 'Halvin todellinen vuosikorko',
  downsellNote: 'Pienempi kuin hakemasi summa',
  choose: 'Valitse',
  chooseLabel: 'Valitse tarjous: {lender}',
  showSmaller: 'Näytä pienemmät lainatarjoukset',
  showMore: 'Näytä lisää lainatarjouksia',
  hiddenByInterest: 'Piilotimme {count} tarjousta, joiden nimelliskorko on yli 10 %.',
  allFiltered:
    'Emme saaneet yhtään tarjousta, jonka nimelliskorko olisi enintään 10 %. Voit katsoa myös yli 10 %:n korolla tulleet tarjoukset. Tarjoukset eivät sido sinua.',
  pending: 'Vastausta odotetaan vielä {count} lainanantajalta.',
  /** While waiting: how far the lenders are (the bar beside it says the same). */
  progress: '{answered}/{total} lainanantajaa on vastannut.',
  /** While waiting, before the first answer tells how many lenders there are. */
  progressStarting: 'Hakemuksesi välitetään lainanantajille.',
  free: 'Tarjoukset ovat maksuttomia eivätkä sido sinua.',
  infoButton: 'Tietoa koroista',
  info: {
    title: 'Tietoa koroista',
    paragraphs: [
      'Nimelliskorko on lainalle maksettava korko ilman muita kuluja. Se kertoo, paljonko lainanantaja perii lainan käytöstä.',
      'Todellinen vuosikorko kertoo lainan kokonaiskustannukset vuotta kohden: siihen lasketaan nimelliskoron lisäksi avausmaksu, tilinhoitomaksut ja muut lainasta maksettavat kulut. Siksi sillä on helpointa verrata tarjouksia keskenään.',
      'Suomessa kulutusluoton nimelliskorko saa olla enintään 20 prosenttia. Myös muille kuluille on laissa yläraja.',
      'Pienin kuukausierä ei aina tarkoita halvinta lainaa: pidempi laina-aika pienentää erää mutta kasvattaa takaisin maksettavaa summaa.',
    ],
  },
  accept: {
    title: 'Valitsemasi tarjous: {lender}',
    intro: 'Siirryt lainanantajan sivulle, jossa voit jatkaa hakemusta. Tarjous sitoo sinua vasta, kun allekirjoitat lainanantajan sopimuksen.',
  },
  business: {
    label: 'Mainos',
    title: 'Yritykselle: joustava yritysluotto',
    body: 'Jatkuva yritysluotto yrityksesi kassaan: nostat tarvittaessa ja maksat korkoa vain käytetystä summasta.',
    link: 'Hae yritysluottoa',
  },
  sponsored: {
    label: 'Mainos',
    title: 'Kokeile myös vaihtoehtoista rahoittajaa',
    body: 'Kumppanimme Vaihtoehtorahoitus voi tarjota lainaa silloinkin, kun pankit eivät tee tarjousta. Tämä on esittelyversion kuvitteellinen mainos.',
    link: 'Tutustu Vaihtoehtorahoitukseen (esittelysivu)',
  },
  /** Issue 25: an empty result says what a person can do next. */
  noneDetail: 'Yksikään lainanantaja ei tehnyt tarjousta tällä hakemuksella.',
  advice: {
    title: 'Mitä voit tehdä nyt?',
    smaller: {
      title: 'Hae pienempää summaa tai pidemmällä laina-ajalla',
      body: 'Pienempi kuukausierä sopii useamman lainanantajan laskelmiin.',
      link: 'Tee uusi hakemus',
    },
    coApplicant: {
      title: 'Hae yhdessä kanssahakijan kanssa',
      body: 'Kahden hakijan yhteiset tulot parantavat mahdollisuuksia saada tarjous.',
      link: 'Tee uusi hakemus kanssahakijan kanssa',
    },
    support: {
      title: 'Kysy asiakaspalvelusta',
      body: 'Neuvomme, mitä hakemuksessa kannattaa muuttaa. Asiakaspalvelu {hours},',
    },
  },
  /** Issue 25: a broken link is not an empty list. */
  notFound: {
    title: 'Hakemusta ei löytynyt',
    body: 'Linkki on virheellinen tai vanhentunut, joten sen tarjouksia ei voi näyttää. Tarkista linkki tai täytä uusi hakemus.',
    action: 'Täytä uusi hakemus',
  },
  /** Issue 25: the offers as a picture, beside the table. */
  chart: {
    title: 'Tarjoukset kuvana',
    lead: 'Palkit näyttävät, paljonko kustakin tarjouksesta maksetaan takaisin yhteensä ja kuukaudessa. Lyhyempi palkki tarkoittaa pienempää summaa.',
    caption: 'Takaisin maksettava yhteensä ja kuukausierä tarjouksittain',
    lowest: 'Pienin takaisin maksettava summa',
  },
  close: 'Sulje',
};

// --- Resuming with a one-time code, prefill and the marketing ban (issue 5, A1) ---
export const resume = {
  pageTitle: 'Jatka tallennettua hakemusta',
  pageLead: 'Hakemuksesi on tallessa. Tietosi näytetään, kun olet kirjautunut kertakirjautumiskoodilla.',
  // Issue 25: a link opened in another browser goes on (to identification) after the code.
  sessionLead: 'Hakemuksesi on tallessa. Jatka hakemuksen käsittelyä kirjautumalla kertakirjautumiskoodilla.',
  modalTitle: 'Kirjaudu esitäytettyyn hakemukseen',
  sending: 'Lähetetään kertakirjautumiskoodia…',
  sentEmail: 'Lähetimme kertakirjautumiskoodin sähköpostiisi {to}. Koodi on voimassa 10 minuuttia.',
  sentSms: 'Lähetimme kertakirjautumiskoodin tekstiviestinä numeroon {to}. Koodi on voimassa 10 minuuttia.',
  codeLabel: 'Kertakirjautumiskoodi',
  codeHint: 'Kuusi numeroa',
  submit: 'Siirry hakemukseen',
  checking: 'Tarkistetaan koodia…',
  resend: 'Etkö saanut koodia? Tilaa tästä uusi koodi',
  resendWait: 'Uuden koodin voi tilata {seconds} sekunnin kuluttua.',
  resendReady: 'Voit nyt tilata uuden koodin.',
  marketingBan: 'Aseta markkinointiesto',
  errors: {
    required: 'Pakollinen tieto',
    sendFailed: 'Jotain meni pieleen. Päivitä sivu.',
    invalid: 'Hakemuksen tarkistuksessa tapahtui virhe. Tarkista että syötit kertakirjautumiskoodin oikein.',
    // Marketplace spec §8: the mortgage's prefill says a wrong code in its own words.
    invalidMortgage: 'Tarkista koodi ja yritä uudelleen.',
    invalidTriesLeft: 'Yrityksiä jäljellä: {triesLeft}.',
    general: 'Hakemuksen tarkistuksessa tapahtui virhe. Tarkista että syötit kertakirjautumiskoodin oikein tai täytä uusi hakemus.',
    // The next two follow `invalid` (§8's sentence comes first), saying what to do next.
    expired: 'Kertakirjautumiskoodi on vanhentunut tai jo käytetty. Tilaa uusi koodi.',
    locked: 'Koodi syötettiin väärin liian monta kertaa, eikä sitä voi enää käyttää. Tilaa uusi koodi.',
    resendLocked: 'Odota {seconds} s ennen kuin tilaat uuden koodin.',
    tooManyCodes: 'Olet tilannut liian monta koodia. Voit tilata uuden koodin {minutes} minuutin kuluttua.',
    noContact: 'Hakemukseen ei ole tallennettu sähköpostiosoitetta eikä puhelinnumeroa, joten kirjautumiskoodia ei voi lähettää. Täytä uusi hakemus.',
  },
  notFound: {
    title: 'Hakemusta ei löytynyt',
    body: 'Linkki on virheellinen tai vanhentunut. Voit täyttää uuden hakemuksen.',
  },
  closed: {
    title: 'Kirjautuminen keskeytyi',
    body: 'Hakemuksesi on tallessa, mutta sen tietoja ei näytetä ennen kuin syötät sinulle lähetetyn kertakirjautumiskoodin. Voit jatkaa kirjautumista tai aloittaa uuden, tyhjän hakemuksen.',
    reopen: 'Syötä kertakirjautumiskoodi',
    startNew: 'Aloita uusi hakemus',
  },
  prefillMissing: {
    title: 'Esitäytetty hakemus',
    body: 'Linkistä puuttuu hakemuksen tunniste, joten esitäytettyä hakemusta ei voi avata. Tarkista linkki tai täytä uusi hakemus.',
    action: 'Täytä uusi hakemus',
  },
};

export const marketingBanPage = {
  documentTitle: 'Markkinointiesto – {brand}',
  title: 'Markkinointiesto',
  question: 'Haluatko kieltää hakemukseesi liittyvän suoramarkkinoinnin? Emme sen jälkeen lähetä sinulle markkinointiviestejä. Hakemuksesi käsittely jatkuu ennallaan.',
  yes: 'Kyllä',
  no: 'Ei',
  saving: 'Asetetaan markkinointiestoa…',
  okTitle: 'OK',
  okBody: 'Markkinointiesto asetettu',
  errorTitle: 'Virhe',
  errorBody: 'Markkinointieston asettaminen epäonnistui',
  redirecting: 'Siirryt etusivulle 3 sekunnin kuluttua.',
  goNow: 'Siirry etusivulle',
  close: 'Sulje',
};

// --- Strong identification: the authentication and finishing pages (issue 5, A2) ---
export const identification = {
  /** In a partner's frame (issue 28 item 4): banks refuse frames, so the page leaves it first. */
  frame: {
    lead: 'Pankit eivät salli tunnistautumista upotetussa ikkunassa. Tunnistautuminen jatkuu palvelumme omalla sivulla koko selainikkunassa, ja hakemuksesi tulee mukana.',
    action: 'Jatka tunnistautumiseen',
    working: 'Siirrytään...',
    failed: 'Siirtyminen ei onnistunut. Yritä uudelleen, tai ota yhteyttä asiakaspalveluumme.',
  },
  /** The same for signing the insurance (src/flows/insurance). */
  frameSigning: {
    lead: 'Pankit eivät salli allekirjoittamista upotetussa ikkunassa. Allekirjoittaminen jatkuu palvelumme omalla sivulla koko selainikkunassa.',
    action: 'Jatka allekirjoittamaan',
  },
  authentication: {
    title: 'Vahva tunnistautuminen',
    saved: 'Hakemuksesi on tallennettu.',
    why: 'Lain mukaan kulutusluottoa hakevan henkilöllisyys on varmistettava vahvalla sähköisellä tunnistautumisella 3.11.2025 alkaen. Siksi hakemus lähetetään lainanantajille vasta, kun hakija on tunnistautunut verkkopankkitunnuksilla tai mobiilivarmenteella.',
    coApplicant: 'Molemmat hakijat tunnistautuvat omilla tunnuksillaan: ensin päähakija, sitten kanssahakija.',
    party: { PRIMARY: 'Päähakija', CO_APPLICANT: 'Kanssahakija' },
    partyNow: 'Tunnistautuja: {party}',
    methodsTitle: 'Valitse tunnistautumistapa',
    methodsLoading: 'Haetaan tunnistautumistapoja…',
    methodsFailed: 'Tunnistautumistapoja ei saatu haettua.',
    back: 'Palaa hakemukseen',
  },
  redirect: {
    title: 'Ohjataan tunnistautumiseen',
    failed: 'Tunnistautumiseen ohjaaminen ei onnistunut. Yritä uudelleen.',
    retry: 'Yritä uudelleen',
    otherMethod: 'Valitse toinen tunnistautumistapa',
  },
  missingDetails: {
    title: 'Hakemuksen tiedot puuttuvat',
    body: 'Osoitteesta puuttuu hakemuksen tunniste. Avaa hakemus saamastasi linkistä tai täytä uusi hakemus.',
    action: 'Täytä uusi hakemus',
  },
  status: {
    title: 'Viimeistellään hakemusta',
    missingTitle: 'Tunnistautuminen puuttuu',
    // Back from the bank as the primary applicant: what went right is said before what is next.
    primaryDoneTitle: 'Päähakija on tunnistautunut',
    primaryDone: 'Päähakijan tunnistautuminen onnistui. Seuraavaksi kanssahakija tunnistautuu omilla tunnuksillaan.',
    missing: { PRIMARY: 'Päähakijan tunnistautuminen puuttuu.', CO_APPLICANT: 'Kanssahakijan tunnistautuminen puuttuu.' },
    authenticate: { PRIMARY: 'Tunnistaudu päähakijana', CO_APPLICANT: 'Tunnistaudu kanssahakijana' },
    newApplication: 'Täytä uusi hakemus',
    cannotIdentify: 'Jos hakija ei pysty tunnistautumaan hakemukseen merkityllä henkilötunnuksella, täytä uusi hakemus oikeilla henkilötiedoilla.',
    failedTitle: 'Jotain meni vikaan',
    failed: 'Jotain meni vikaan. Yritä uudelleen.',
    retry: 'Yritä uudelleen',
    reasons: {
      mismatch: 'Tunnistautunut henkilö ei ole hakemuksen hakija.',
      cancelled: 'Tunnistautuminen keskeytettiin.',
      failed: 'Tunnistautuminen epäonnistui.',
    },
  },
} as const;

/** The content pages (src/app/legal): their texts are forms/content/; these are the frame's. */
export const legalTexts = {
  /** The browser tab: `{title}` is the page's, `{brand}` the brand's name. */
  documentTitle: '{title} – {brand}',
  /** Under the heading; `{updated}` is a date (1.11.2026), `{version}` the text's version. */
  meta: 'Päivitetty {updated} · Versio {version}',
};
