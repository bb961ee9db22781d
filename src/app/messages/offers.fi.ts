// The offers page's texts (step 0): they come with its chunk (src/app/offers/).

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
