// The wire's TypeScript types, derived from the schemas (json-schema-to-ts): no hand-written
// twin to drift. Both the server and the browser import these (the browser as types only).
import type { FromSchema } from 'json-schema-to-ts';
import type { contract, RouteKey } from './routes.ts';
import type * as shared from './shared.ts';

type References = [
  typeof shared.ErrorBody,
  typeof shared.Offer,
  typeof shared.OffersPage,
  typeof shared.MortgageStatus,
  typeof shared.MortgageOutcome,
  typeof shared.User,
  typeof shared.Tracking,
  typeof shared.Navigation,
  typeof shared.SavedForm,
  typeof shared.ApplicationCredentials,
  typeof shared.RedirectUrl,
  typeof shared.ApplicationSummary,
];
type Wire<S> = FromSchema<S & object, { references: References }>;

export type ErrorBody = Wire<typeof shared.ErrorBody>;
export type Offer = Wire<typeof shared.Offer>;
export type OffersPage = Wire<typeof shared.OffersPage>;
export type MortgageStatus = Wire<typeof shared.MortgageStatus>;
export type MortgageOutcome = Wire<typeof shared.MortgageOutcome>;
export type User = Wire<typeof shared.User>;
export type Tracking = Wire<typeof shared.Tracking>;
export type Navigation = Wire<typeof shared.Navigation>;
export type SavedForm = Wire<typeof shared.SavedForm>;
export type ApplicationCredentials = Wire<typeof shared.ApplicationCredentials>;
export type RedirectUrl = Wire<typeof shared.RedirectUrl>;
export type ApplicationSummary = Wire<typeof shared.ApplicationSummary>;

type Entry<K extends RouteKey> = (typeof contract)[K];
type Responses<K extends RouteKey> = Entry<K>['response'];
/** A JSON answer's schema, or a text answer's (`content['text/plain'].schema`). */
type BodySchema<R> = R extends { content: { 'text/plain': { schema: infer S } } } ? S : R;

/** What route K answers with status S, e.g. `ResponseOf<'GET /api/user', 200>`. */
export type ResponseOf<K extends RouteKey, S extends keyof Responses<K> = 200 & keyof Responses<K>> = Wire<BodySchema<Responses<K>[S]>>;
/** What route K takes as its JSON body. */
export type BodyOf<K extends RouteKey> = Entry<K> extends { body: infer B } ? Wire<B> : never;
/** Route K's query. */
export type QueryOf<K extends RouteKey> = Entry<K> extends { querystring: infer Q } ? Wire<Q> : never;

export type Overview = ResponseOf<'GET /api/applications'>;
export type SendCodeAnswer = ResponseOf<'POST {api}/send-code'>;
export type IdentificationMethods = ResponseOf<'GET /api/auth/visma/get-methods'>;
export type LoginVerifyAnswer = ResponseOf<'POST /api/auth/verify'>;
export type PrefillAnswer = ResponseOf<'GET /api/applications/prefill/:kind'>;

/** An answer as the browser reads it before checking it: the contract's field names, each still `unknown`. */
export type Unchecked<T> = { [K in keyof T]?: unknown };
