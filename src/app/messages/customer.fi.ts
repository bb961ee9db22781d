// The login and the customer area's texts (issue 17): its pages are chunks of their own
// (src/app/pages/lazy-pages.tsx), and these come with them. The header's menu is step.fi.ts'.

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
