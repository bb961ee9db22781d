// The server's own texts in one place. The applicant sees `fi`; `en` goes to the logs
// and to developers reading responses. Field-level messages come from the form
// documents, never from here.
import type { MortgageReason } from './marketplace/mortgage-analysis.ts';

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
  crossSiteRequest: {
    fi: 'Pyyntö tuli toiselta sivustolta, eikä sitä käsitelty. Avaa palvelu sen omasta osoitteesta ja yritä uudelleen.',
    en: 'The request came from another site and was refused (Origin / Sec-Fetch-Site).',
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
  handoffPathInvalid: {
    fi: 'Sivun osoite ei kelpaa.',
    en: 'path must be a page of this service, such as /hakemus/kulutusluotto/authentication/1/<token>.',
  },
  sessionRequired: {
    fi: 'Avaa hakemus sähköpostiisi lähetettävällä kertakäyttöisellä koodilla.',
    en: 'This browser has no session for the application: open it with a one-time code.',
  },
  alreadyFinalized: {
    fi: 'Hakemus on jo viimeistelty, eikä sitä voi enää muuttaa.',
    en: 'The application is already finalized and cannot be changed.',
  },
  alreadySubmitted: {
    fi: 'Hakemus on jo lähetetty, eikä sitä voi enää muuttaa. Jatka tunnistautumiseen.',
    en: 'The application is already submitted and waits for identification; it cannot be changed.',
  },
  notFound: {
    fi: 'Osoitetta ei löytynyt.',
    en: 'Not found.',
  },
  contentPageUnknown: {
    fi: 'Sivua ei löytynyt.',
    en: 'No content page of that name.',
  },
  siteBannerPageInvalid: {
    fi: 'Sivun osoite ei kelpaa.',
    en: 'page must be a path of this site, such as /lainahakemukset.',
  },
  postalCodeInvalid: {
    fi: 'Tarkista postinumero',
    en: 'A postal code is five digits.',
  },
  postalCodeUnknown: {
    fi: 'Tarkasta postinumero',
    en: 'Unknown postal code.',
  },
  formReleaseUnknown: {
    fi: 'Lomakkeen versiota ei löytynyt.',
    en: 'No such form release.',
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
  // --- Marketplace: offers list and accepting (issue 5, B) ---
  invalidSort: {
    fi: 'Järjestys ei kelpaa. Sallitut: apr, interest, monthlyPayment, amount; suunta asc tai desc.',
    en: 'sort must be field,direction with field apr, interest, monthlyPayment or amount and direction asc or desc.',
  },
  invalidPaging: {
    fi: 'Sivutus ei kelpaa: sivu on 0 tai suurempi ja sivukoko 1–100.',
    en: 'page must be an integer ≥ 0 and size an integer 1–100.',
  },
  unknownQuery: {
    fi: 'Pyynnössä on tuntematon parametri.',
    en: 'Unknown query parameter; allowed: page, size, sort.',
  },
  offerIdInvalid: {
    fi: 'Tarjouksen tunniste puuttuu tai ei kelpaa.',
    en: 'The body must be {"offerId": <positive integer>} and nothing else.',
  },
  offerNotFound: {
    fi: 'Tarjousta ei löytynyt.',
    en: 'Offer not found.',
  },
  // --- One-time codes and the marketing ban (issue 5, A1) ---
  otpInvalid: {
    fi: 'Hakemuksen tarkistuksessa tapahtui virhe. Tarkista että syötit kertakirjautumiskoodin oikein.',
    en: 'The one-time code is wrong.',
  },
  otpExpired: {
    fi: 'Kertakirjautumiskoodi on vanhentunut tai jo käytetty. Tilaa uusi koodi.',
    en: 'The one-time code has expired or was already used; ask for a new one.',
  },
  otpLocked: {
    fi: 'Koodi syötettiin väärin liian monta kertaa, eikä sitä voi enää käyttää. Tilaa uusi koodi.',
    en: 'Too many wrong tries; the code is void. Ask for a new one.',
  },
  otpResendLocked: {
    fi: 'Odota {seconds} s ennen kuin tilaat uuden koodin.',
    en: 'Wait {seconds} s before asking for a new code.',
  },
  otpTooManyCodes: {
    fi: 'Olet tilannut liian monta koodia. Voit tilata uuden koodin {minutes} minuutin kuluttua.',
    en: 'Too many codes sent; try again in {minutes} min.',
  },
  otpNoContact: {
    fi: 'Hakemukseen ei ole tallennettu sähköpostiosoitetta eikä puhelinnumeroa, joten kirjautumiskoodia ei voi lähettää. Täytä uusi hakemus.',
    en: 'The application has neither an e-mail address nor a phone number to send the code to.',
  },
  otpSendFailed: {
    fi: 'Jotain meni pieleen. Päivitä sivu.',
    en: 'The one-time code could not be sent.',
  },
  otpBodyInvalid: {
    fi: 'Pyynnön pitää sisältää hakemuksen tunniste ja avain{more}.',
    en: 'The body must have applicationId and applicationToken{more} and nothing else.',
  },
  otpMailSubject: {
    fi: '{brand}: kertakirjautumiskoodisi',
    en: '{brand}: your one-time code',
  },
  otpMailText: {
    fi: 'Hei,\n\nkertakirjautumiskoodisi {brand}-palvelun hakemukseesi on {code}.\n\nKoodi on voimassa {minutes} minuuttia, ja sen voi käyttää vain kerran.\n\nJos et pyytänyt koodia, voit jättää tämän viestin huomiotta.\n\nYstävällisin terveisin\n{brand}',
    en: 'Your one-time code is {code}; valid {minutes} minutes.',
  },
  otpSmsText: {
    fi: '{brand}: kertakirjautumiskoodisi on {code}. Voimassa {minutes} min. Jos et pyytänyt koodia, jätä viesti huomiotta.',
    en: '{brand}: your code is {code}, valid {minutes} min.',
  },
  // --- Strong identification (issue 5, A2) ---
  identificationMethodUnknown: {
    fi: 'Tunnistautumistapaa ei tunneta.',
    en: 'Unknown identification method.',
  },
  identificationPartyInvalid: {
    fi: 'Tunnistautujan pitää olla PRIMARY tai CO_APPLICANT.',
    en: 'The query must be at most ?party=PRIMARY|CO_APPLICANT.',
  },
  identificationNoCoApplicant: {
    fi: 'Hakemuksessa ei ole kanssahakijaa.',
    en: 'The application has no co-applicant.',
  },
  identificationStateInvalid: {
    fi: 'Tunnistautumispyyntö on vanhentunut tai jo käytetty. Aloita tunnistautuminen uudelleen.',
    en: 'Unknown, expired or already used identification state.',
  },
  identificationUnavailable: {
    fi: 'Tunnistautumispalveluun ei juuri nyt saada yhteyttä. Yritä hetken kuluttua uudelleen.',
    en: 'The identity provider cannot be reached.',
  },
  applicationStateMismatch: {
    fi: 'Hakemus ei ole tilassa, jossa sen voi viimeistellä.',
    en: 'The application is not at step 7, or it was already sent.',
  },
  identificationRequired: {
    fi: 'Hakemus lähetetään vasta, kun hakijat ovat tunnistautuneet vahvasti. Tunnistaudu ensin.',
    en: 'The application is sent only after every applicant has identified strongly.',
  },
  strongAuthenticationMissing: {
    fi: 'Hakijan vahva tunnistautuminen puuttuu.',
    en: 'Strong authentication is missing for: {parties}.',
  },
  completeTakesNoBody: {
    fi: 'Pyynnöllä ei ole sisältöä.',
    en: 'The completion check takes no body (or {}).',
  },
  // --- Customer login and the customer area (issue 17) ---
  loginRequired: {
    fi: 'Kirjaudu sisään nähdäksesi hakemuksesi ja tietosi.',
    en: 'Log in first: this browser has no logged-in session.',
  },
  loginBodyInvalid: {
    fi: 'Pyynnön pitää sisältää henkilötunnus ja puhelinnumero.',
    en: 'The body must be {"loginSsn": "...", "loginPhone": "..."} and nothing else.',
  },
  loginOtpInvalid: {
    fi: 'Pyynnöstä puuttuu kertakirjautumiskoodi.',
    en: 'The query must be ?otp=<the six-digit code> and nothing else.',
  },
  loginMailSubject: {
    fi: '{brand}: kirjautumiskoodisi',
    en: '{brand}: your login code',
  },
  loginMailText: {
    fi: 'Hei,\n\nkirjautumiskoodisi {brand}-palveluun on {code}.\n\nKoodi on voimassa {minutes} minuuttia, ja sen voi käyttää vain kerran.\n\nJos et yrittänyt kirjautua, voit jättää tämän viestin huomiotta.\n\nYstävällisin terveisin\n{brand}',
    en: 'Your login code is {code}; valid {minutes} minutes.',
  },
  applicationIdInvalid: {
    fi: 'Hakemuksen tunniste puuttuu tai ei kelpaa.',
    en: 'The body must be {"applicationId": <positive integer>}{more} and nothing else.',
  },
  applicationCancelled: {
    fi: 'Hakemus on peruttu, eikä sen tarjouksia voi enää hyväksyä.',
    en: 'The application is cancelled; its offers can no longer be accepted.',
  },
  userBodyInvalid: {
    fi: 'Pyynnön pitää sisältää osoite, postinumero, postitoimipaikka, puhelinnumero, sähköposti ja markkinointikielto.',
    en: 'The body must have address, zip, city, phone, email and hasMarketingBan (name may be repeated and is ignored) and nothing else.',
  },
  prefillKindUnknown: {
    fi: 'Tuntematon lainatyyppi.',
    en: 'Unknown loan kind: the path ends in mortgage, consumer or combine.',
  },
  // --- Payment-protection insurance (issue 27) ---
  insuranceNotFound: {
    fi: 'Vakuutushakemusta ei löytynyt.',
    en: 'No such insurance application for this person.',
  },
  insuranceNotEligible: {
    fi: 'Tietojesi perusteella et voi hakea Maksuturvaa. Jos tietosi ovat muuttuneet, päivitä ne tekemällä uusi lainahakemus.',
    en: 'The person is not eligible for the insurance ({reasons}).',
  },
  insuranceBodyInvalid: {
    fi: 'Pyynnön pitää sisältää vakuutushakemuksen tiedot, brändi ja lainahakemuksen tunnus.',
    en: 'The body must have the insurance form\'s fields, a known "brand" and optionally "applicationId": <positive integer>, and nothing else.',
  },
  insuranceSigned: {
    fi: 'Vakuutushakemus on jo allekirjoitettu, eikä sitä voi enää muuttaa.',
    en: 'The insurance application is signed and takes no more changes or signatures.',
  },
  insuranceWrongSigner: {
    fi: 'Vakuutushakemuksen voi allekirjoittaa vain vakuutettu itse.',
    en: 'The signer is not the insured person.',
  },
  insuranceChanged: {
    fi: 'Vakuutushakemus on muuttunut allekirjoituksen aloittamisen jälkeen. Tarkista tiedot ja allekirjoita uudelleen.',
    en: 'The signed content is not the application as it is now.',
  },
  // --- Staff login (issue 29 item 7) ---
  staffLoginRequired: {
    fi: 'Kirjaudu sisään studioon.',
    en: 'Log in as staff first: this browser has no live staff session.',
  },
  staffForbidden: {
    fi: 'Sinulla ei ole tähän tarvittavaa roolia.',
    en: 'The staff member lacks the role this needs.',
  },
  staffRoleMissing: {
    fi: 'Sinulla ei ole studion käyttöoikeutta. Pyydä ylläpitäjää lisäämään sinulle rooli (muokkaaja, hyväksyjä tai ylläpitäjä).',
    en: 'The staff provider gave no role we know (editor, approver, admin): no login.',
  },
  staffLoginUnavailable: {
    fi: 'Henkilökunnan kirjautuminen ei ole nyt käytettävissä. Yritä myöhemmin uudelleen.',
    en: 'Staff login is not configured here (STAFF_OIDC_ISSUER) or the staff provider cannot be reached.',
  },
  staffLoginStateInvalid: {
    fi: 'Kirjautuminen on vanhentunut tai sitä ei aloitettu tästä selaimesta. Aloita kirjautuminen uudelleen.',
    en: 'Unknown, used or expired staff login state, or another browser started it.',
  },
  staffLoginCancelled: {
    fi: 'Kirjautuminen peruttiin.',
    en: 'The staff login was cancelled at the provider.',
  },
  staffLoginFailed: {
    fi: 'Kirjautuminen ei onnistunut. Yritä uudelleen.',
    en: 'The staff provider\'s answer failed a check (code exchange, state, nonce or token).',
  },
} as const satisfies Record<string, { fi: string; en: string }>;

export type MessageKey = keyof typeof messages;

export function text(key: MessageKey, params: Record<string, string> = {}, lang: 'fi' | 'en' = 'fi'): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

// --- Marketplace: the simulated lender's landing page (issue 5, B) ---
export const lenderPageTexts = {
  title: '{lender}: lainatarjous',
  demoNotice:
    'Tämä on lainavertailupalvelun esittelyversion simuloitu kumppanisivu. Oikea lainanantaja jatkaisi tästä omalla sivullaan.',
  heading: 'Valitsemasi lainatarjous',
  intro: 'Olet valinnut tarjouksen lainavertailupalvelussa. Tarjouksen tiedot:',
  amount: 'Lainasumma',
  tenor: 'Laina-aika',
  interest: 'Nimelliskorko',
  apr: 'Todellinen vuosikorko',
  monthlyPayment: 'Kuukausierä',
  totalAmount: 'Takaisin maksettava yhteensä',
  arrangementFee: 'Avausmaksu',
  monthlyFee: 'Tilinhoitomaksu',
  perMonth: '{value} / kk',
  notBinding:
    'Tarjous ei vielä sido sinua eikä lainanantajaa. Laina syntyy vasta, kun allekirjoitat lainanantajan oman luottosopimuksen.',
  back: 'Palaa etusivulle',
  notFoundTitle: 'Tarjousta ei löytynyt',
  notFoundBody: 'Osoite on virheellinen tai vanhentunut. Palaa tarjouslistaan ja valitse tarjous uudelleen.',
} as const;

// --- The second brand's sponsored partner, as its banner under an empty offers list links to it (issue 25) ---
export const partnerPageTexts = {
  title: 'Vaihtoehtorahoitus (esittelysivu)',
  demoNotice: 'Tämä on lainavertailupalvelun esittelyversion kuvitteellinen kumppanisivu. Vaihtoehtorahoitus ei ole oikea yritys.',
  heading: 'Vaihtoehtorahoitus',
  intro:
    'Oikea kumppani kertoisi tällä sivulla, millaista rahoitusta se tarjoaa silloin, kun pankit eivät tee tarjousta, ja ottaisi hakemuksen vastaan omalla lomakkeellaan.',
  back: 'Palaa etusivulle',
} as const;

export type PartnerPageTexts = Record<keyof typeof partnerPageTexts, string>;

// --- The continuous business credit's partner, as the promoted row of the business offers links to it (issue 25, item 15) ---
export const continuousCreditPageTexts: PartnerPageTexts = {
  title: 'Jatkuva yritysluotto (esittelysivu)',
  demoNotice: 'Tämä on lainavertailupalvelun esittelyversion kuvitteellinen kumppanisivu. Jatkuvaa yritysluottoa ei voi hakea tältä sivulta.',
  heading: 'Jatkuva yritysluotto',
  intro:
    'Oikea kumppani kertoisi tällä sivulla jatkuvan yritysluoton luottorajasta, korosta ja kuluista ja ottaisi hakemuksen vastaan omalla lomakkeellaan.',
  back: 'Palaa etusivulle',
};

// --- One-time codes (issue 5, A1): the brand as the applicant's messages name it ---
export const brandNames = {
  lainavertailu: 'Lainavertailu',
  kattokorko: 'Kattokorko',
} as const;

// --- Strong identification: the development provider's test bank page (issue 5, A2) ---
export const testBankTexts = {
  title: '{bank}: testitunnistautuminen',
  heading: '{bank} – testitunnistautuminen',
  notice: 'Tämä on kehitysympäristön testipankki, ei oikea pankki.',
  applicantNotice:
    'Hakemus hyväksyy vain hakijan oman henkilötunnuksen, joten se on valittu valmiiksi. Muulla kelvollisella henkilötunnuksella näet, miltä väärän henkilön tunnistautuminen näyttää.',
  noApplicantNotice: 'Valitse tunnistettava testihenkilö tai kirjoita mikä tahansa kelvollinen henkilötunnus. Hakemus hyväksyy vain hakijan oman henkilötunnuksen.',
  applicant: 'Hakemuksen hakija',
  choose: 'Valitse testihenkilö',
  other: 'Tai kirjoita henkilötunnus',
  confirm: 'Tunnistaudu',
  cancel: 'Peruuta tunnistautuminen',
  invalidPersonalId: 'Henkilötunnus ei kelpaa. Tarkista se.',
  // A signature (the payment-protection insurance): the person identifies to sign what is shown.
  signingTitle: '{bank}: testiallekirjoitus',
  signingHeading: '{bank} – testiallekirjoitus',
  signedContent: 'Allekirjoitettava',
  signerNotice:
    'Allekirjoitus hyväksytään vain vakuutetun omalla henkilötunnuksella, joten se on valittu valmiiksi. Muulla kelvollisella henkilötunnuksella näet, miltä toisen henkilön allekirjoitus näyttää: sitä ei hyväksytä.',
  noSignerNotice: 'Valitse allekirjoittava testihenkilö tai kirjoita mikä tahansa kelvollinen henkilötunnus. Allekirjoitus hyväksytään vain vakuutetun omalla henkilötunnuksella.',
  signConfirm: 'Allekirjoita',
  signCancel: 'Peruuta allekirjoitus',
  errorTitle: 'Tunnistautuminen epäonnistui',
  errorBody: 'Tunnistautumisessa tapahtui virhe. Palaa hakemukseen ja yritä uudelleen.',
  home: 'Palaa etusivulle',
} as const;

// --- Payment-protection insurance (issue 27 item 6): what the development test bank shows as signed ---
// The fields' own names come from forms/insurance.json; these are what the document does not have.
export const insuranceSigningTexts = {
  title: 'Maksuturvavakuutuksen hakemus',
  insured: 'Vakuutettu',
  applicationNumber: 'Hakemuksen numero',
  termsVersion: 'Vakuutusehtojen versio',
  dueDay: 'Kuukauden {day}. päivä',
  assured: 'Kyllä',
} as const;

// --- Mortgage pre-analysis (issue 15): the reasons the denied page gives, by reason code ---
// Worded as a careful bank would: what in the application stood in the way, not a verdict
// on the applicant. Every reason code has a text (the `satisfies` makes a missing one a type error).
export const mortgageDenialReasons = {
  missingInformation: 'Hakemuksesta puuttuu tietoja, joita lainan arviointi edellyttää.',
  noPriceEstimate: 'Hakemuksesta puuttuu asunnon hinta-arvio, jota haetun suuruisen lainan arviointi edellyttää.',
  loanToValue: 'Haettu lainasumma on suuri asunnon arvoon nähden.',
  ownFunding: 'Oman rahoituksen osuus on pieni haettuun lainasummaan nähden.',
  incomeAfterCosts: 'Tuloista ei jäisi asumis- ja lainakulujen jälkeen riittävästi muihin menoihin, kun varaudutaan korkojen nousuun.',
  ageAtEnd: 'Hakijan ikä laina-ajan päättyessä ylittäisi pankkien ikärajan.',
  amount: 'Haettu lainasumma ei sovi pankkien myöntämien lainojen rajoihin.',
  tenor: 'Haettu laina-aika on pidempi kuin pankit myöntävät.',
} as const satisfies Record<MortgageReason, string>;

// --- Customer login (issue 17): field messages of the login form (spec §5 "Login"), by
// field and rule; the same texts forms/login.json gives the same validators' codes
// (custom-validators). The user's details are checked with their document (forms/user-details.json). ---
export const customerFieldMessages = {
  required: 'Pakollinen tieto',
  personalIdTooShort: 'Henkilötunnus on liian lyhyt',
  personalIdTooLong: 'Henkilötunnus on liian pitkä',
  personalIdChecksum: 'Tarkistusmerkki ei täsmää',
  personalIdUnderage: 'Hakijan tulee olla täysi-ikäinen',
  personalIdInvalid: 'Henkilötunnus on virheellinen',
  phoneTooShort: 'Puhelinnumero on liian lyhyt',
  phoneTooLong: 'Puhelinnumero on liian pitkä',
  phoneInvalid: 'Puhelinnumeron muoto on virheellinen',
  phoneAreaCode: 'Tarkasta suuntanumero',
} as const;

// --- A page address that does not exist (issue 25 item 16): the page says it in Finnish ---
export const notFoundPageTexts = {
  title: 'Sivua ei löytynyt',
  body: 'Etsimääsi sivua ei ole olemassa tai se on siirretty.',
  home: 'Siirry lainahakemukseen',
} as const;

// --- Staff login: the development staff provider's page (issue 29 item 7) ---
export const staffTestProviderTexts = {
  title: 'Henkilökunnan testikirjautuminen',
  heading: 'Henkilökunnan testikirjautuminen',
  notice: 'Tämä on kehitysympäristön kirjautumispalvelu, ei oikea. Valitse testikäyttäjä; rooli on suluissa.',
  choose: 'Valitse testikäyttäjä',
  chooseOne: 'Valitse yksi testikäyttäjistä.',
  confirm: 'Kirjaudu',
  cancel: 'Peruuta kirjautuminen',
  errorTitle: 'Kirjautuminen epäonnistui',
  errorBody: 'Kirjautumisessa tapahtui virhe. Palaa studioon ja yritä uudelleen.',
} as const;

// --- Content versions (issue 29 item 2): the service's refusals beside the state machine's own
// (engine/core/version-states.ts), and the notes it writes on versions it makes itself. ---
export const contentVersionTexts = {
  notFound: 'Versiota ei löytynyt.',
  unknownItem: 'Tuntematon sisältö.',
  notAnObject: 'Sisällön pitää olla JSON-olio.',
  gate: 'Versiota ei voi julkaista: tarkistus löysi virheitä.',
  baselineNote: 'Tuotu repositoriosta',
  rollbackNote: 'Palautettu versio {number}',
  diffNotAForm: 'Muutokset voi näyttää vain lomakkeista, osioista, tiedotteista ja sisältösivuista.',
  diffUnresolved: 'Versiota ei voi koota lomakkeeksi, joten muutoksia ei voi näyttää.',
} as const;

/** The form studio's autosave, leases and previews (issue 30). `{name}`: the lease holder's name. */
export const studioTexts = {
  notAuthor: 'Vain luonnoksen tekijä voi muokata luonnosta.',
  leaseHeld: '{name} muokkaa tätä sisältöä. Voit muokata, kun hän on lopettanut.',
  leaseNotHeld: 'Sinulla ei ole tämän sisällön muokkausvuoroa. Avaa sisältö uudelleen studiossa.',
  revisionConflict: 'Luonnosta on muutettu toisaalla sen jälkeen, kun avasit sen. Lataa luonnos uudelleen.',
  previewDocumentUnknown: 'Luonnosta ei voi esikatsella tällä lomakkeella.',
  previewUnresolved: 'Luonnosta ei voi koota lomakkeeksi, joten sitä ei voi esikatsella.',
  notBuiltTitle: 'Lomakestudio',
  notBuilt: 'Palvelin on käynnissä, mutta studion sivua ei ole vielä rakennettu (npm run build).',
} as const;
