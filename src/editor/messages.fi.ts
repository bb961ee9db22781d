// Texts of the editors' preview (a development tool, Finnish like the rest).
export const editor = {
  title: 'Lomakkeiden esikatselu',
  forms: 'Lomakkeet',
  variant: 'Muunnelma',
  baseVariant: 'perus',
  findings: 'forms:check-havainnot',
  noFindings: 'Ei havaintoja: lomake on kunnossa.',
  findingCount: (n: number) => (n === 1 ? '1 havainto' : `${n} havaintoa`),
  loading: 'Ladataan…',
  cannotRender: 'Lomaketta ei voi näyttää ennen kuin havainnot on korjattu.',
  reloaded: (id: string) => `${id} päivitetty tiedostosta`,
  party: (party: string) => `osapuoli ${party}`,
  loadFailed: 'Lomakkeen lataus epäonnistui',
  reset: 'Tyhjennä vastaukset',
};
