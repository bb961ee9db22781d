// The texts of every page's frame and of the application's form: what the entry and the
// form route show (step 1 loads this module and no other of this folder). Field labels,
// hints and validation messages live in forms/.
import type { RendererMessages } from '../../../engine/react/index.ts';

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

/** The customer menu in the header of every page (the customer area's own texts: customer.fi.ts). */
export const customerMenu = { applications: 'Lainahakemukset', apply: 'Hae lainaa', details: 'Omat tiedot', logout: 'Kirjaudu ulos', login: 'Kirjaudu sisään', label: 'Asiakasvalikko', toggle: 'Valikko' };

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
  /** A page that failed while showing (PageErrorBoundary): never a blank page. */
  pageFailed: {
    title: 'Sivua ei voitu näyttää',
    body: 'Sivun näyttämisessä tapahtui virhe. Vastauksesi ovat tallessa tässä selainikkunassa: lataa sivu uudelleen ja jatka siitä, mihin jäit. Jos ongelma jatkuu, ota yhteyttä asiakaspalveluun.',
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

// --- Mortgage status and result pages (issue 15; marketplace spec §2, §4, §8) ---
// Texts the spec does not show are decided in docs/decisions.md ("Mortgage pages").
export const mortgagePages = {
  // Marketplace spec §8: the mortgage's prefill says a wrong one-time code in its own words.
  invalidCode: 'Tarkista koodi ja yritä uudelleen.',
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
