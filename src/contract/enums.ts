// The contract's value lists the browser needs at run time (e.g. to check a text answer),
// apart from the schemas so importing one costs the bundle a line, not the whole contract.

/** Where a mortgage application is (marketplace spec §7 "status"). */
export const MORTGAGE_STATUSES = ['DRAFT', 'IDENTIFICATION_REQUIRED', 'READY_FOR_ANALYSIS', 'OTHER', 'DENIED'] as const;
