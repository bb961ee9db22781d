// Production delivery through an SMTP relay. SMS goes out through an e-mail-to-SMS
// gateway address on the same relay (SMS_GATEWAY_DOMAIN) until an SMS provider is chosen.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Notifier, OutgoingMessage } from './notifier.ts';

export interface SmtpSettings {
  url: string;
  from: string;
  smsGatewayDomain?: string;
}

/** `transport` is for tests: nodemailer's JSON or stream transport instead of the relay. */
export function smtpNotifier(settings: SmtpSettings, transport: Pick<Transporter, 'sendMail'> = nodemailer.createTransport(settings.url)): Notifier {
  return {
    async send(message: OutgoingMessage) {
      if (message.channel === 'sms' && !settings.smsGatewayDomain) throw new Error('SMS is not configured (SMS_GATEWAY_DOMAIN)');
      const to = message.channel === 'sms' ? `${message.to.replace(/[^\d+]/g, '')}@${settings.smsGatewayDomain}` : message.to;
      await transport.sendMail({ from: settings.from, to, subject: message.subject ?? '', text: message.text });
    },
  };
}
