/** Mail port: one plain-text message to one address. Adapters: a folder of files (embedded) and SMTP. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (written or accepted by the server); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}
