// Who must identify for an application, and who still has to. Pure.

export const PARTIES = ['PRIMARY', 'CO_APPLICANT'] as const;
export type Party = (typeof PARTIES)[number];

const ID_FIELD: Record<Party, string> = {
  PRIMARY: 'primaryApplicantPersonalIdentificationNumber',
  CO_APPLICANT: 'coApplicantPersonalIdentificationNumber',
};

export function isParty(value: unknown): value is Party {
  return typeof value === 'string' && (PARTIES as readonly string[]).includes(value);
}

/** The applicant's identity code as the application holds it, upper-cased; undefined when absent. */
export function personalIdOf(data: Record<string, unknown>, party: Party): string | undefined {
  if (party === 'CO_APPLICANT' && data.hasCoApplicant !== true) return undefined;
  const value = data[ID_FIELD[party]];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase() : undefined;
}

/** The primary applicant always; the co-applicant when the application has one. */
export function requiredParties(data: Record<string, unknown>): Party[] {
  return PARTIES.filter((party) => party === 'PRIMARY' || personalIdOf(data, party) !== undefined);
}

/** Of `parties` (the flow's required ones, in order), those that no valid identification covers. */
export function missingParties(data: Record<string, unknown>, parties: readonly Party[], identified: (party: Party, personalId: string) => boolean): Party[] {
  return parties.filter((party) => {
    const personalId = personalIdOf(data, party);
    return personalId === undefined || !identified(party, personalId);
  });
}
