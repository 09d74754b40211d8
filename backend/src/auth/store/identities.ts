/**
 * The store of auth.identities: every SQL statement on sign-in methods lives here, so endpoint
 * modules validate, call the domain and map errors, and each statement is written once.
 */
import type { Tx } from '../../db/types';

/** A row of auth.identities. */
export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: unknown;
  email: string | null;
  last_sign_in_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

export interface NewIdentity {
  userId: string;
  provider: string;
  /** The account id at the provider (the user id for the email provider). */
  providerId: string;
  data: Record<string, unknown>;
  /** ISO timestamp for created_at, updated_at and last_sign_in_at. */
  at: string;
}

export async function insertIdentity(tx: Tx, identity: NewIdentity): Promise<IdentityRow> {
  const { rows } = await tx.query<IdentityRow>(
    `insert into auth.identities (user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, $5, $5) returning *`,
    [identity.userId, identity.provider, identity.providerId, JSON.stringify(identity.data), identity.at],
  );
  return rows[0]!;
}

export async function findIdentity(tx: Tx, provider: string, providerId: string): Promise<IdentityRow | null> {
  const { rows } = await tx.query<IdentityRow>('select * from auth.identities where provider = $1 and provider_id = $2', [provider, providerId]);
  return rows[0] ?? null;
}

/** A sign-in through a provider: its latest claims. */
export async function touchIdentity(tx: Tx, id: string, data: Record<string, unknown>, at: string): Promise<void> {
  await tx.query('update auth.identities set identity_data = $2::jsonb, last_sign_in_at = $3, updated_at = $3 where id = $1', [id, JSON.stringify(data), at]);
}

export async function identitiesOf(tx: Tx, userId: string, options: { forUpdate?: boolean } = {}): Promise<IdentityRow[]> {
  const lock = options.forUpdate ? ' for update' : '';
  return (await tx.query<IdentityRow>(`select * from auth.identities where user_id = $1 order by created_at, id${lock}`, [userId])).rows;
}

export async function deleteIdentity(tx: Tx, id: string): Promise<void> {
  await tx.query('delete from auth.identities where id = $1', [id]);
}

/** Merge fields into the user's email identity (a changed address, email_verified). */
export async function updateEmailIdentity(tx: Tx, userId: string, fields: Record<string, unknown>, at: string): Promise<void> {
  await tx.query(
    "update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = $3 where user_id = $1 and provider = 'email'",
    [userId, JSON.stringify(fields), at],
  );
}

/** Drop every provider identity of the user but the email one and `keepId`. */
export async function deleteOtherProviderIdentities(tx: Tx, userId: string, keepId: string | null): Promise<void> {
  await tx.query("delete from auth.identities where user_id = $1 and provider <> 'email' and id is distinct from $2", [userId, keepId]);
}

/** Recompute the user's app_metadata.provider/providers from the identities. */
export async function syncProviders(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users u set raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object(
       'provider', case when p.providers @> to_jsonb(u.raw_app_meta_data ->> 'provider') then u.raw_app_meta_data ->> 'provider' else p.first end,
       'providers', coalesce(p.providers, '[]'::jsonb))
     from (select (array_agg(provider order by created_at))[1] as first, jsonb_agg(distinct provider) as providers
           from auth.identities where user_id = $1) p
     where u.id = $1`,
    [userId],
  );
}
