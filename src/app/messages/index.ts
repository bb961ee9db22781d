// The one message catalogue of the applicants' pages: every user-visible text that is not
// part of a form document, one module per page group, so that each page's texts travel
// with its chunk. Application code imports the module of its page, never this index: a
// module the entry reaches lands in the entry chunk, and this index reaches them all.
export * from './step.fi.ts';
export * from './customer.fi.ts';
export * from './offers.fi.ts';
export * from './resume.fi.ts';
export * from './identification.fi.ts';
export * from './legal.fi.ts';
