// The studio's addresses (issue 30). An item key is one URL-encoded segment.
export const studioPaths = {
  items: '/studio',
  item: (item: string) => `/studio/kohde/${encodeURIComponent(item)}`,
  draft: (item: string, number: number) => `/studio/kohde/${encodeURIComponent(item)}/luonnos/${number}`,
  /** The draft editor with one field selected (a finding's link to the field it concerns). */
  draftField: (item: string, number: number, field: string) => `${studioPaths.draft(item, number)}?${FIELD_PARAM}=${encodeURIComponent(field)}`,
};

/** The draft editor's query parameter naming the field to select. */
export const FIELD_PARAM = 'field';
