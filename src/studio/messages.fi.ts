// Every text the form studio shows (issue 30), in one place. The server's refusals come with
// their own Finnish message, which the studio shows as it is.
import type { VersionState } from '../../engine/core/version-states.ts';

export const studioTexts = {
  title: 'Lomakestudio',
  skipToContent: 'Siirry sisältöön',
  loading: 'Ladataan…',
  loadFailed: 'Tietojen lataaminen epäonnistui. Yritä uudelleen.',
  retry: 'Yritä uudelleen',
  notFoundTitle: 'Sivua ei löytynyt',
  backToItems: 'Takaisin sisältöluetteloon',
  backToItem: 'Takaisin kohteeseen {item}',

  header: {
    label: 'Lomakestudion ylätunniste',
    member: 'Kirjautunut: {name}',
    roles: 'Roolit: {roles}',
    logout: 'Kirjaudu ulos',
    loggingOut: 'Kirjaudutaan ulos…',
    nav: 'Studion valikko',
    items: 'Sisällöt',
  },

  gate: {
    loginTitle: 'Kirjaudu lomakestudioon',
    loginLead: 'Lomakestudio on sisällöntuottajien ja hyväksyjien työkalu. Kirjaudu sisään henkilökunnan tunnuksella.',
    loginLink: 'Kirjaudu sisään',
    noRoleTitle: 'Ei käyttöoikeutta',
    noRoleLead: 'Tunnuksellasi ei ole lomakestudion roolia. Pyydä ylläpitäjää lisäämään sinulle rooli.',
  },

  roles: { editor: 'muokkaaja', approver: 'hyväksyjä', admin: 'ylläpitäjä' } as Record<string, string>,

  kinds: { document: 'lomake', section: 'osio', messages: 'yhteiset virheilmoitukset', catalogue: 'tuoteluettelo', content: 'sisältö' },
  /** The content of forms/content/ by what it is: the banners, a legal page. */
  contentKinds: { banners: 'tiedotteet', page: 'sisältösivu' },

  states: {
    draft: 'luonnos',
    review: 'tarkastettavana',
    live: 'julkaistu',
    retired: 'poistunut käytöstä',
  } satisfies Record<VersionState, string>,

  items: {
    title: 'Sisällöt',
    lead: 'Lomakkeet, osiot, yhteiset virheilmoitukset, tuoteluettelo ja muu sisältö. Valitse kohde nähdäksesi sen versiot.',
    tableCaption: 'Sisällöt ja niiden versiot',
    item: 'Kohde',
    kind: 'Laji',
    live: 'Julkaistu versio',
    work: 'Työn alla',
    noLive: 'ei julkaistu',
    noWork: 'ei luonnoksia',
    draftBy: 'v{number} {state}, {author}',
    lease: 'Muokkaa nyt: {name}',
    empty: 'Ei sisältöjä.',
  },

  item: {
    title: '{kind} {item}',
    // ADR 0011: the server reads its catalogue (routes, API prefixes, flows) when it starts.
    catalogueAtRestart: 'Tuoteluettelon julkaistu versio tulee voimaan, kun palvelu käynnistetään seuraavan kerran: tuotteiden osoitteet ja rajapinnat luetaan käynnistettäessä.',
    history: 'Versiohistoria',
    historyCaption: 'Kohteen {item} versiot, uusin ensin',
    number: 'Versio',
    state: 'Tila',
    author: 'Tekijä',
    time: 'Aika',
    note: 'Muistiinpano',
    // The comment the version's last submit or send-back came with: the editor's note or the approver's reason.
    comment: 'Saate tai palautteen perustelu',
    actions: 'Toiminnot',
    noVersions: 'Kohteella ei ole vielä versioita.',
    unknownAuthor: 'tuntematon',
    repository: 'lähdekoodi',
    liveVersion: 'Julkaistu versio: {number}',
    noLive: 'Kohteella ei ole julkaistua versiota.',
  },

  actions: {
    newDraft: 'Uusi luonnos julkaistusta versiosta',
    newDraftTitle: 'Uusi luonnos',
    newDraftNote: 'Mitä luonnos muuttaa?',
    newDraftNoteHint: 'Muistiinpano näkyy versiohistoriassa ja hyväksyjälle.',
    create: 'Luo luonnos',
    cancel: 'Peruuta',
    open: 'Avaa luonnos {number}',
    submit: 'Lähetä hyväksyttäväksi',
    approve: 'Hyväksy ja julkaise',
    sendBack: 'Palauta muokattavaksi',
    sendBackTitle: 'Palauta versio {number} muokattavaksi',
    sendBackComment: 'Perustelu',
    sendBackCommentHint: 'Kerro tekijälle, mitä pitää korjata. Pakollinen.',
    sendBackRequired: 'Kirjoita palautukselle perustelu.',
    submitNote: 'Saate hyväksyjälle (valinnainen)',
    submitNoteHint: 'Kerro hyväksyjälle, mitä muutit ja miksi. Saate näkyy versiohistoriassa.',
    discard: 'Hylkää luonnos',
    rollback: 'Palauta voimaan',
    confirm: 'Vahvista',
    confirmDiscard: 'Hylätäänkö luonnos {number}? Hylättyä luonnosta ei voi palauttaa.',
    confirmApprove: 'Julkaistaanko versio {number}? Se tulee heti hakijoiden käyttöön.',
    confirmRollback: 'Palautetaanko versio {number} voimaan? Siitä tehdään uusi julkaistu versio.',
    confirmSubmit: 'Lähetetäänkö luonnos {number} hyväksyttäväksi? Lähettämisen jälkeen tehdään QA-tarkistus.',
    confirmSubmitNoVerdict: 'Lähetetäänkö luonnos {number} hyväksyttäväksi? Hyväksyjä näkee sen muutokset; julkaisu tarkistaa sisällön.',
    working: 'Tallennetaan…',
    done: {
      created: 'Luonnos {number} luotu.',
      submit: 'Versio {number} lähetetty hyväksyttäväksi.',
      approve: 'Versio {number} julkaistu.',
      sendBack: 'Versio {number} palautettu muokattavaksi.',
      discard: 'Luonnos {number} hylätty.',
      rollback: 'Versio {number} palautettu voimaan uutena versiona {copy}.',
    },
    refusedTitle: 'Toimenpide ei onnistunut',
    versionLabel: 'Versio {number}',
  },

  review: {
    title: 'Versio {number}: muutokset ja QA-tarkistus',
    diffTitle: 'Muutokset julkaistuun versioon {from} nähden',
    diffNone: 'Ei eroja julkaistuun versioon.',
    noLive: 'Kohteella ei ole julkaistua versiota, johon verrata.',
    verdictTitle: 'QA-tarkistus',
    verdictPending: 'QA-tarkistus käynnissä…',
    verdictNotStarted: 'QA-tarkistus tehdään, kun luonnos lähetetään hyväksyttäväksi.',
    passes: 'QA-tarkistus hyväksytty',
    fails: 'QA-tarkistus ei mennyt läpi',
    wasLive: 'Sisältö on ollut julkaistuna aiemmin; uutta tarkistusta ei tarvittu.',
    madeAt: 'Tarkistettu {time}',
    reasons: 'Syyt',
    form: 'Lomake {form}',
    mutationScore: 'Mutaatiopisteet: {score} ({killed}/{total} mutaatiota havaittu)',
    threshold: ', raja {threshold}',
    mutationSampled: 'otos',
    noMutation: 'Lomaketta ei voitu kääntää; mutaatiopisteitä ei ole.',
    cases: 'Testitapauksia: {count}',
    behaviourTitle: 'Muuttuneet tapaukset kentittäin',
    behaviourNone: 'Hakijoiden kannalta mikään tarkistettu tapaus ei muutu.',
    behaviourNew: 'Uusi lomake: ei vertailtavaa julkaistua versiota.',
    behaviourSummary: '{changed}/{compared} tapausta muuttuu',
    fieldChange: '{label}: {count} tapausta',
    messageChange: '”{before}” → ”{after}” ({count})',
    noMessage: 'ei virhettä',
    survivors: 'Havaitsematta jääneet mutaatiot',
    noVerdict: 'Tälle sisällölle ei tehdä QA-tarkistusta: julkaisu tarkistaa sen rakenteen ja tekstit.',
  },

  findings: {
    showField: 'Näytä kenttä {field} editorissa',
  },

  draft: {
    title: 'Luonnos {number}: {item}',
    backToItem: 'Takaisin versiohistoriaan',
    toSource: 'Muokkaa lähdettä JSON-muodossa (esim. hintataulukko tai yhden lomakkeen poikkeus jaetusta osiosta)',
    toFormEditor: 'Takaisin lomake-editoriin',
    loadingEditor: 'Ladataan luonnoseditoria…',
    loadingPreview: 'Ladataan esikatselua…',
    notDraft: 'Versio {number} ei ole luonnos (tila: {state}).',
  },

  // The JSON draft editor of content that is not a form (the banners, a legal page).
  contentDraft: {
    heading: '{item} – luonnos {number}',
    sourceLabel: 'Sisällön lähde (JSON)',
    sourceHint: 'Muokkaa sisältöä JSON-muodossa. Muutokset tallentuvat automaattisesti, kun teksti on kelvollista JSONia. Julkaisu tarkistaa sisällön.',
    parseError: 'Tekstiä ei voi tallentaa: JSON-virhe rivillä {line}, sarakkeessa {column}.',
    parseErrorSomewhere: 'Tekstiä ei voi tallentaa: se ei ole kelvollista JSONia.',
    notAnObject: 'Tekstiä ei voi tallentaa: sisällön pitää olla JSON-olio, joka alkaa merkillä {.',
  },
};

/** `{name}` placeholders filled from `values`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
