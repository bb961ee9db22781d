// Whom a one-time code belongs to: an application (resuming it, spec §4) or a person
// (the customer login of issue 17, which knows the person by identity code only). A
// person is stored as a keyed hash of the identity code, so the codes table never
// holds identity codes and a leaked table cannot be matched against a list of them.
import { createHmac } from 'node:crypto';

export type CodeOwner = { applicationId: number } | { personKey: Uint8Array };

/** The column and value that find an owner's codes. */
export function ownerColumn(owner: CodeOwner): { column: 'application_id' | 'person_key'; value: number | Uint8Array } {
  return 'applicationId' in owner ? { column: 'application_id', value: owner.applicationId } : { column: 'person_key', value: owner.personKey };
}

/** What a code's hash is bound to, so a code of one owner never opens another's. */
export function ownerBinding(owner: CodeOwner): string {
  // The application form is the one codes were always bound to: codes sent before this change still verify.
  return 'applicationId' in owner ? String(owner.applicationId) : `p:${Buffer.from(owner.personKey).toString('hex')}`;
}

/** HMAC-SHA256 of the identity code as the bank would give it (trimmed, upper case) under the server's key. */
export function personKey(secret: Uint8Array | string, personalId: string): Buffer {
  return createHmac('sha256', secret).update(personalId.trim().toUpperCase(), 'utf8').digest();
}
