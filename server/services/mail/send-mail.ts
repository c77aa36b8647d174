import "server-only";
import nodemailer from "nodemailer";
import { log } from "../../ops/logger";

export interface MailSettings {
  /** `smtp://user:pass@host:port` or `smtps://…` (STOCKROOM_SMTP_URL); unset: no mail is sent. */
  smtpUrl: string | undefined;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text message; resolves to false (with the reason logged) when it could not be delivered. */
export async function sendMail(settings: MailSettings, mail: Mail): Promise<boolean> {
  if (!settings.smtpUrl) return false;
  try {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    await transport.sendMail({ from: settings.from, ...mail });
    transport.close();
    return true;
  } catch (error) {
    log().error({ err: error, to: mail.to }, "mail was not sent");
    return false;
  }
}
