// How the server reaches an applicant: one interface, a development outbox and SMTP.
export type Channel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

export interface OutboxEntry extends OutgoingMessage {
  sentAt: string;
}

/**
 * Development and tests: messages stay in memory and are printed to the console, which
 * is the developer's inbox. Deliberately not through pino — the structured log must
 * never carry a code or an address, in any environment.
 */
export class DevOutbox implements Notifier {
  private readonly entries: OutboxEntry[] = [];

  constructor(
    private readonly print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly limit = 500,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    this.entries.push({ ...message, sentAt: new Date().toISOString() });
    if (this.entries.length > this.limit) this.entries.shift();
    this.print(`[dev outbox] ${message.channel} to ${message.to}${message.subject ? ` — ${message.subject}` : ''}\n${message.text}`);
  }

  /** Latest first; all addresses when `to` is absent. */
  list(to?: string): OutboxEntry[] {
    const wanted = to?.trim().toLowerCase();
    return this.entries.filter((entry) => !wanted || entry.to.toLowerCase() === wanted).reverse();
  }
}
