/** A mail as it leaves by SMTP. */
export interface SmtpMail {
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
}

/** Hands one mail to the SMTP server; rejects when the server refuses it or cannot be reached. */
export interface SmtpSender {
  send(mail: SmtpMail): Promise<void>;
}

/** The sender for `smtp(s)://user:pass@host:port`, every mail from `from`. */
export async function createSmtpSender(smtpUrl: string, from: string): Promise<SmtpSender> {
  // Loaded only where mail leaves by SMTP: the default outbox install never needs it at start.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        // An address object, never a string nodemailer would split into a list of recipients.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
