// The identification methods the authentication page offers, and how one is named to
// the broker. Pure: parsed from configuration once at start.

export interface IdentificationMethod {
  /** Our identifier, in URLs and in the picture's file name. */
  identifier: string;
  /** Shown on the button and on the development test bank. */
  name: string;
  /** What the broker is told (acr_values, login_hint or a custom parameter). */
  brokerValue: string;
}

export const METHOD_IDENTIFIER = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The development defaults: banks and the mobile certificate as Finnish brokers list them. */
export const DEVELOPMENT_METHODS: readonly IdentificationMethod[] = [
  ['op', 'OP'],
  ['nordea', 'Nordea'],
  ['danskebank', 'Danske Bank'],
  ['handelsbanken', 'Handelsbanken'],
  ['aktia', 'Aktia'],
  ['spankki', 'S-Pankki'],
  ['saastopankki', 'Säästöpankki'],
  ['poppankki', 'POP Pankki'],
  ['omasp', 'Oma Säästöpankki'],
  ['alandsbanken', 'Ålandsbanken'],
  ['mobiilivarmenne', 'Mobiilivarmenne'],
].map(([identifier, name]) => ({ identifier, name, brokerValue: identifier }));

/**
 * `OIDC_METHODS`: comma-separated `identifier|Name|brokerValue`, the broker value
 * defaulting to the identifier. Returns an error sentence instead of throwing so the
 * caller decides how configuration errors are reported.
 */
export function parseMethods(raw: string): IdentificationMethod[] | string {
  const methods: IdentificationMethod[] = [];
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [identifier = '', name = '', brokerValue = ''] = entry.split('|').map((part) => part.trim());
    if (!METHOD_IDENTIFIER.test(identifier)) return `OIDC_METHODS: "${identifier}" is not an identifier (a-z, 0-9, -; at most 40)`;
    if (!name) return `OIDC_METHODS: method "${identifier}" needs a name (identifier|Name|brokerValue)`;
    if (methods.some((method) => method.identifier === identifier)) return `OIDC_METHODS: "${identifier}" is listed twice`;
    methods.push({ identifier, name, brokerValue: brokerValue || identifier });
  }
  if (methods.length === 0) return 'OIDC_METHODS must list at least one method';
  return methods;
}

export function imageOf(method: Pick<IdentificationMethod, 'identifier'>): string {
  return `/images/identification/${method.identifier}.svg`;
}

/** The body of GET /api/auth/visma/get-methods. */
export function methodList(methods: readonly IdentificationMethod[]): { methods: { identifier: string; image: string; name: string }[] } {
  return { methods: methods.map((method) => ({ identifier: method.identifier, image: imageOf(method), name: method.name })) };
}

export function findMethod(methods: readonly IdentificationMethod[], identifier: string): IdentificationMethod | undefined {
  return methods.find((method) => method.identifier === identifier);
}
