/**
 * The store of auth.dev_mailbox: the development mailbox (mail the backend would have sent when
 * no SMTP_URL is configured), shared by every instance on the database.
 */
import type { Tx } from '../../db/types';

/** A row of auth.dev_mailbox. */
export interface MailRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  kind: string;
  created_at: unknown;
}

/** What a stored mail holds (the fields of an outgoing mail). */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
  kind: string;
}

export async function storeMail(tx: Tx, mail: StoredMail, at: string): Promise<void> {
  await tx.query(
    'insert into auth.dev_mailbox (to_address, subject, text_body, html_body, link, kind, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
    [mail.to, mail.subject, mail.text, mail.html, mail.link, mail.kind, at],
  );
}

/** The newest 200 mails, to one address when `to` is given. */
export async function listMail(tx: Tx, to: string | null): Promise<MailRow[]> {
  const { rows } = await tx.query<MailRow>(
    'select * from auth.dev_mailbox where ($1::text is null or to_address = lower($1)) order by created_at desc, id limit 200',
    [to],
  );
  return rows;
}

export async function clearMailbox(tx: Tx): Promise<void> {
  await tx.query('delete from auth.dev_mailbox');
}
