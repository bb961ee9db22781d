// Resuming a saved application with a one-time code, prefill and the marketing ban: pages
// of their own (src/app/resume/, src/app/pages/MarketingBanPage.tsx), loaded when shown.

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
