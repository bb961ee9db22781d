// The production notifier end to end but for the network: the route's one-time-code
// message goes through smtpNotifier into nodemailer's JSON and stream transports, which
// build the mail exactly as they would for the relay and hand it back instead.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { smtpNotifier } from '../../../src/server/notify/smtp.ts';
import { codeMessage } from '../../../src/server/otp/routes.ts';

const FROM = 'Lainavertailu <noreply@lainavertailu.fi>';
const EMAIL = 'maija.meikalainen@example.fi';

interface JsonMail {
  from: { address: string; name: string };
  to: Array<{ address: string; name: string }>;
  subject: string;
  text: string;
}

/** A JSON transport that keeps what it was given to send. */
function jsonTransport() {
  const sent: JsonMail[] = [];
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    sent,
    transport: {
      async sendMail(mail: nodemailer.SendMailOptions) {
        const info = await transport.sendMail(mail);
        sent.push(JSON.parse(info.message as unknown as string) as JsonMail);
        return info;
      },
    },
  };
}

/** Quoted-printable body of a single-part mail, decoded as UTF-8. */
function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '=' && /^[0-9A-F]{2}$/.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(body.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

describe('SMTP notifier', () => {
  it('mails the code in Finnish from the configured sender to the applicant', async () => {
    const { sent, transport } = jsonTransport();
    await smtpNotifier({ url: 'smtp://unused:25', from: FROM }, transport).send(codeMessage('email', EMAIL, '042917', 'lainavertailu'));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.from).toEqual({ address: 'noreply@lainavertailu.fi', name: 'Lainavertailu' });
    expect(mail.to).toEqual([{ address: EMAIL, name: '' }]);
    expect(mail.subject).toBe('Lainavertailu: kertakirjautumiskoodisi');
    expect(mail.text).toContain('kertakirjautumiskoodisi Lainavertailu-palvelun hakemukseesi on 042917.');
    expect(mail.text).toContain('Koodi on voimassa 10 minuuttia, ja sen voi käyttää vain kerran.');
    expect(mail.text).toContain('Jos et pyytänyt koodia, voit jättää tämän viestin huomiotta.');
    expect(mail.text).toMatch(/Ystävällisin terveisin\nLainavertailu$/);
  });

  it('names the second brand in the subject and the text', async () => {
    const { sent, transport } = jsonTransport();
    await smtpNotifier({ url: 'smtp://unused:25', from: FROM }, transport).send(codeMessage('email', EMAIL, '913370', 'kattokorko'));
    expect(sent[0].subject).toBe('Kattokorko: kertakirjautumiskoodisi');
    expect(sent[0].text).toContain('Kattokorko-palvelun hakemukseesi on 913370.');
  });

  it('writes a UTF-8 mail whose body keeps the Finnish letters and the code', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    let raw = '';
    const capturing = {
      async sendMail(mail: nodemailer.SendMailOptions) {
        const info = await transport.sendMail(mail);
        raw = (info.message as Buffer).toString('latin1');
        return info;
      },
    };
    await smtpNotifier({ url: 'smtp://unused:25', from: FROM }, capturing).send(codeMessage('email', EMAIL, '550123', 'lainavertailu'));
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^From: Lainavertailu <noreply@lainavertailu\.fi>$/m);
    expect(headers).toMatch(/^To: maija\.meikalainen@example\.fi$/m);
    expect(headers).toMatch(/^Subject: Lainavertailu: kertakirjautumiskoodisi$/m);
    expect(headers).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    const body = decodeBody(raw);
    expect(body).toContain('hakemukseesi on 550123.');
    expect(body).toContain('Ystävällisin terveisin');
    expect(body).toContain('huomiotta');
  });

  it('sends an SMS through the gateway address, the number cleaned of spaces and dashes', async () => {
    const { sent, transport } = jsonTransport();
    await smtpNotifier({ url: 'smtp://unused:25', from: FROM, smsGatewayDomain: 'sms.example.fi' }, transport).send(codeMessage('sms', '040 123-4567', '777001', 'lainavertailu'));
    expect(sent[0].to).toEqual([{ address: '0401234567@sms.example.fi', name: '' }]);
    expect(sent[0].text).toBe('Lainavertailu: kertakirjautumiskoodisi on 777001. Voimassa 10 min. Jos et pyytänyt koodia, jätä viesti huomiotta.');
  });

  it('refuses an SMS when no gateway is configured, and sends nothing', async () => {
    const { sent, transport } = jsonTransport();
    await expect(smtpNotifier({ url: 'smtp://unused:25', from: FROM }, transport).send(codeMessage('sms', '0401234567', '777001', 'lainavertailu'))).rejects.toThrow(/SMS_GATEWAY_DOMAIN/);
    expect(sent).toEqual([]);
  });
});
