// The development provider's "test bank": our own plain HTML, no scripts (the CSP
// allows none inline), where a tester picks who is identified. Pure rendering.
import { testBankTexts as t } from '../messages.ts';

export interface TestPerson {
  personalId: string;
  name: string;
}

/** Made-up people with valid identity codes in the 900-series that real people never get. */
export const TEST_PEOPLE: readonly TestPerson[] = [
  { personalId: '010180-9015', name: 'Testi Tuomas' },
  { personalId: '150675-902Y', name: 'Testi Tiina' },
  { personalId: '241290-903H', name: 'Testi Teemu' },
  { personalId: '030362-904H', name: 'Testi Terttu' },
];

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** What a signature is for, in the signing flow's own words (its message catalogue): shown above the people. */
export interface SigningSummary {
  /** What is signed, e.g. the insurance application. */
  title: string;
  /** How the one person whose signature counts is named in the list (the insured). */
  signerLabel: string;
  rows: ReadonlyArray<{ label: string; value: string }>;
}

/** What the test bank knows of an interaction: whose code is expected, and for a signature, what is signed. */
export interface TestBankSubject {
  personalId?: string;
  signing?: SigningSummary;
}

export interface TestBankInput {
  action: string;
  bankName: string;
  error?: string;
  typed?: string;
  /** The applicant's (or the signer's) own identity code, the only one accepted: listed first and chosen. */
  applicant?: string;
  /** Present when the person signs rather than identifies. */
  signing?: SigningSummary;
}

export function renderTestBank(input: TestBankInput): string {
  const { signing } = input;
  const choices = [
    ...(input.applicant ? [{ personalId: input.applicant, name: signing?.signerLabel ?? t.applicant }] : []),
    ...TEST_PEOPLE.filter((person) => person.personalId !== input.applicant),
  ];
  const people = choices
    .map(
      (person, index) => `<li><input type="radio" name="person" id="person-${index}" value="${escape(person.personalId)}"${index === 0 && !input.typed ? ' checked' : ''}>
<label for="person-${index}">${escape(person.name)} (${escape(person.personalId)})</label></li>`,
    )
    .join('\n');
  const error = input.error ? `<p class="error" role="alert" id="personal-id-error">${escape(input.error)}</p>` : '';
  const title = (signing ? t.signingTitle : t.title).replace('{bank}', input.bankName);
  const heading = (signing ? t.signingHeading : t.heading).replace('{bank}', input.bankName);
  const notice = signing ? (input.applicant ? t.signerNotice : t.noSignerNotice) : input.applicant ? t.applicantNotice : t.noApplicantNotice;
  const signed = signing
    ? `<section class="signed" aria-labelledby="signed-title">
<h2 id="signed-title">${escape(t.signedContent)}: ${escape(signing.title)}</h2>
<dl>
${signing.rows.map((row) => `<dt>${escape(row.label)}</dt><dd>${escape(row.value)}</dd>`).join('\n')}
</dl>
</section>`
    : '';
  return `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1f24; line-height: 1.5; }
main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem; }
.bank { background: #fff; border: 1px solid #c9ced6; border-radius: 8px; padding: 1.25rem; }
.notice { background: #fff6d6; border-left: 4px solid #8a6d00; padding: .5rem .75rem; }
ul { list-style: none; padding: 0; }
li { margin: .5rem 0; }
label { cursor: pointer; }
input[type=radio] { width: 1.25rem; height: 1.25rem; vertical-align: middle; }
input[type=text] { font: inherit; padding: .5rem; width: 100%; max-width: 16rem; box-sizing: border-box; border: 1px solid #5c6570; border-radius: 4px; }
.error { color: #a4001d; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; }
button { font: inherit; min-height: 2.75rem; padding: .5rem 1.25rem; border-radius: 4px; cursor: pointer; border: 2px solid #0b4f8a; }
button.primary { background: #0b4f8a; color: #fff; }
button.secondary { background: #fff; color: #0b4f8a; }
:focus-visible { outline: 3px solid #c45500; outline-offset: 2px; }
.signed { border: 1px solid #c9ced6; border-radius: 4px; padding: .5rem .75rem; margin: 1rem 0; }
.signed h2 { font-size: 1.1rem; margin: .25rem 0 .5rem; }
.signed dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0; }
.signed dt { font-weight: 600; }
.signed dd { margin: 0; }
</style>
</head>
<body>
<main>
<div class="bank">
<h1>${escape(heading)}</h1>
<p class="notice">${escape(t.notice)} ${escape(notice)}</p>
${signed}
<form method="post" action="${escape(input.action)}">
<fieldset>
<legend>${escape(t.choose)}</legend>
<ul>
${people}
</ul>
</fieldset>
<p><label for="personalId">${escape(t.other)}</label><br>
<input type="text" id="personalId" name="personalId" autocomplete="off" value="${escape(input.typed ?? '')}"${input.error ? ' aria-invalid="true" aria-describedby="personal-id-error"' : ''}></p>
${error}
<div class="actions">
<button type="submit" class="primary" name="action" value="login">${escape(signing ? t.signConfirm : t.confirm)}</button>
<button type="submit" class="secondary" name="action" value="cancel">${escape(signing ? t.signCancel : t.cancel)}</button>
</div>
</form>
</div>
</main>
</body>
</html>
`;
}

export function renderProviderError(): string {
  return `<!doctype html>
<html lang="fi">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t.errorTitle)}</title></head>
<body><main><h1>${escape(t.errorTitle)}</h1><p>${escape(t.errorBody)}</p><p><a href="/">${escape(t.home)}</a></p></main></body>
</html>
`;
}
