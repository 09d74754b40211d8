/**
 * Email links of every kind in one place: what POST /otp mails, what an invitation mails and what
 * the admin's generate_link returns. Each is a one-time token (otp.ts) carrying a six-digit code
 * as well (email-codes.ts), optionally tied to a PKCE flow; the user's *_sent_at column is set.
 */
import { randomUUID } from 'node:crypto';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { issueLinkWithCode } from './email-codes';
import { createFlowState, type PkceParams } from './flow';
import { verifyLink, type BoundCredentials, type TokenType } from './otp';
import { insertIdentity } from './store/identities';
import { insertUser, markMailSent, type SentAtColumn } from './store/users';
import type { UserRow } from './users';
import { iso } from './util';

/**
 * An unconfirmed email account made by the server (POST /otp, an invitation, generate_link
 * signup): what it may keep once the address is proven travels with its link (`bound`). Its
 * user_metadata also names the email identity (sub, email, …), except for generate_link, whose
 * user keeps exactly the data given (as GoTrue's: auth-js's own suite checks it).
 */
export async function createUnconfirmedUser(services: Services, tx: Tx, email: string, userMeta: Record<string, unknown>, passwordHash: string | null = null, identityInMetadata = true): Promise<UserRow> {
  const id = randomUUID();
  const at = iso(services.now());
  const user = await insertUser(tx, {
    id, email, passwordHash, confirmedAt: null, role: 'authenticated', at,
    appMeta: { provider: 'email', providers: ['email'] },
    userMeta: identityInMetadata ? { ...userMeta, email, email_verified: false, phone_verified: false, sub: id } : userMeta,
  });
  await insertIdentity(tx, { userId: id, provider: 'email', providerId: id, at, data: { sub: id, email, email_verified: false, phone_verified: false } });
  return user;
}

export type LinkKind = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change';

const TOKEN_OF: Record<LinkKind, TokenType> = {
  signup: 'confirmation_token',
  magiclink: 'magiclink_token',
  recovery: 'recovery_token',
  invite: 'invite_token',
  email_change: 'email_change_token',
};

/** The column GoTrue's user JSON reports for when each kind of mail went out. */
const SENT_AT: Record<LinkKind, SentAtColumn | null> = {
  signup: 'confirmation_sent_at',
  magiclink: null,
  recovery: 'recovery_sent_at',
  invite: 'invited_at',
  email_change: 'email_change_sent_at',
};

export interface IssuedLink {
  link: string;
  /** The link's token: what verifyOtp({token_hash}) takes (GoTrue's hashed_token). */
  tokenHash: string;
  code: string;
}

export async function issueLink(
  services: Services,
  tx: Tx,
  fields: { userId: string; kind: LinkKind; relatesTo: string; redirectTo: string; pkce?: PkceParams | null; bound?: BoundCredentials; keepOthers?: boolean },
): Promise<IssuedLink> {
  const flow = fields.pkce ? await createFlowState(services, tx, { userId: fields.userId, method: fields.kind, pkce: fields.pkce }) : null;
  const { token, code } = await issueLinkWithCode(services, tx, {
    userId: fields.userId, type: TOKEN_OF[fields.kind], relatesTo: fields.relatesTo, flowStateId: flow?.id ?? null,
    redirectTo: fields.redirectTo, bound: fields.bound, keepOthers: fields.keepOthers,
  });
  const column = SENT_AT[fields.kind];
  if (column) await markMailSent(tx, fields.userId, column, iso(services.now()), fields.kind === 'email_change' ? fields.relatesTo : undefined);
  return { link: verifyLink(services, token, fields.kind, fields.redirectTo), tokenHash: token, code };
}
