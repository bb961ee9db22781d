// Strong identification as the server's parts share it: the settings, the provider seam and,
// in development, the provider mounted on our own server. Made once by buildApp and handed to
// identification's routes and to any flow that identifies a person for its own purpose (the
// insurance's signature), so there is one development provider, one set of its routes and
// one idea of our origin, whoever starts an authorization.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { mountDevelopmentProvider, type DevelopmentProvider } from './dev-provider.ts';
import { openIdConnectProvider, type IdentityProvider } from './oidc.ts';
import type { IdentitySettings } from './settings.ts';

export interface Identification {
  settings: IdentitySettings;
  provider: IdentityProvider;
  /** Our origin as the browser sees it: PUBLIC_BASE_URL, else (development) the request's. */
  baseUrlOf(request: FastifyRequest): string;
  /** The development provider when on: a caller tells its test bank what an authorization is for. */
  development?: DevelopmentProvider;
}

export interface IdentificationOptions {
  db: Queryable;
  settings: IdentitySettings;
  /** A test may put its own provider behind the seam; by default OpenID Connect. */
  provider?: IdentityProvider;
}

/** Mounts the development provider (development settings only) and makes the provider, once. */
export async function setUpIdentification(app: FastifyInstance, options: IdentificationOptions): Promise<Identification> {
  const { settings } = options;
  const development = settings.mode === 'development' ? await mountDevelopmentProvider(app, settings, { db: options.db }) : undefined;
  return {
    settings,
    provider: options.provider ?? openIdConnectProvider(settings),
    baseUrlOf: (request) => settings.publicBaseUrl ?? development?.originOf(request) ?? '',
    development,
  };
}
