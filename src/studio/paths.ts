// The studio's addresses (issue 30). An item key is one URL-encoded segment.
export const studioPaths = {
  items: '/studio',
  item: (item: string) => `/studio/kohde/${encodeURIComponent(item)}`,
  draft: (item: string, number: number) => `/studio/kohde/${encodeURIComponent(item)}/luonnos/${number}`,
};
