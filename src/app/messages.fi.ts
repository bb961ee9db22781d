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
  stepOf: 'Vaihe {n}/{total}',
  summaryTitle: 'Hakemuksesi',
  summaryEmpty: 'Vastauksesi kootaan tähän sitä mukaa kuin etenet.',
  editSection: 'Muokkaa: {section}',
  sliderLabel: '{label}, liukusäädin',
  currency: '€',
  addRowFor: '({list})',
  removeRowFor: '({row})',
  saving: 'Tallennetaan…',
};

export const brandTexts = {
  lainavertailu: { name: 'Lainavertailu', tagline: 'Vertaa lainat – maksutta ja sitoumuksetta' },
  kattokorko: { name: 'Kattokorko', tagline: 'Edullisempi laina, korko kurissa' },
};

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
  footerLegal: 'Lainojen myöntäjinä toimivat yhteistyöpankit ja -rahoitusyhtiöt. Luoton myöntäminen edellyttää hyväksyttävää luottopäätöstä.',
  copyright: '© {year} {brand}',
};

export const claims = {
  lenders: { value: '15', text: 'lainanantajaa vertailussa' },
  customers: { value: 'yli 300 000', text: 'tyytyväistä asiakasta' },
  minutes: { value: '3 min', text: 'hakemuksen täyttämiseen' },
  payout: 'Rahat tilillesi jopa samana päivänä, viimeistään kahden pankkipäivän kuluessa.',
  free: 'Maksuton ja sitoumukseton',
};

export const hero = {
  kulutusluotto: {
    eyebrow: 'Kulutusluotto 500–70 000 €',
    title: 'Vertaa kulutusluotot yhdellä hakemuksella',
    lead: 'Täytä hakemus kerran, niin lainanantajat kilpailevat sinusta. Saat henkilökohtaiset tarjoukset maksutta ja sitoumuksetta.',
  },
  yhdistelylaina: {
    eyebrow: 'Yhdistelylaina',
    title: 'Yhdistä lainasi ja maksa vähemmän',
    lead: 'Kokoa pienet lainat ja osamaksut yhdeksi lainaksi. Vertaamme puolestasi, kuka tarjoaa edullisimman yhdistelylainan.',
  },
};

export const promo = {
  title: 'Miksi hakea meidän kauttamme?',
  points: ['Yksi hakemus, tarjoukset 15 lainanantajalta', 'Ei vaikutusta luottotietoihisi', 'Tietosi käsitellään turvallisesti Suomessa'],
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
  resumeUnavailable: {
    title: 'Hakemuksesi on tallessa',
    body: 'Hakemusta ei voi vielä jatkaa toisessa selaimessa tai suljetun välilehden jälkeen. Hakemuksen jatkaminen kertakäyttöisellä koodilla tulee käyttöön myöhemmin.',
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
  prefill: {
    title: 'Esitäytetty hakemus',
    body: 'Esitäytetyn hakemuksen avaaminen kertakäyttöisellä koodilla ei ole vielä käytössä. Voit täyttää uuden hakemuksen.',
    action: 'Täytä uusi hakemus',
  },
};

export const documentTitle = {
  application: '{product} | {brand}',
  products: { kulutusluotto: 'Kulutusluottohakemus', yhdistelylaina: 'Yhdistelylainahakemus' },
};
