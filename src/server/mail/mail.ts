/** One e-mail as the shop writes it: always a plain-text part, and the same content as HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The same content, short, for a WhatsApp or SMS message of the same news (issue 37, decision 063): the
   * subject, the paragraphs, rows and closing lines, and the link's address; no greeting, no signature.
   */
  short?: string;
  /**
   * It carries a secret link (password reset, e-mail change). Such a mail is never stored: if its one send
   * fails, it is lost and the user asks again.
   */
  secret?: boolean;
}

/** Where mail goes: an SMTP server, development's outbox folder, or nowhere (production without SMTP). */
export interface MailTransport {
  readonly kind: "smtp" | "outbox" | "none";
  /** Resolves once the mail was handed over; rejects when it could not be. */
  deliver(mail: Mail): Promise<void>;
  close(): void;
}
