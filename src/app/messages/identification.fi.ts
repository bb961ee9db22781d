// Strong identification and the finishing page: chunks of their own (src/app/pages/
// AuthenticationPage.tsx, StatusPage.tsx, src/app/identification/), loaded when shown.

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
