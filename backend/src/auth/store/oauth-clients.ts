/**
 * The store of auth.oauth_clients (the admin's OAuth client registry, GoTrue's table shape): lists
 * are comma-joined text, a removed client is a row with deleted_at set and is found no more.
 */
import type { Tx } from '../../db/types';

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  created_at: unknown;
  updated_at: unknown;
}

export type NewOAuthClient = Omit<OAuthClientRow, 'created_at' | 'updated_at'>;

/** The fields an update may set: a value replaces the stored one, '' clears a text field, undefined keeps it. */
export type OAuthClientChanges = Partial<Pick<OAuthClientRow, 'redirect_uris' | 'grant_types' | 'client_name' | 'client_uri' | 'logo_uri' | 'token_endpoint_auth_method'>>;

const COLUMNS = 'id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name, client_uri, logo_uri, client_type, token_endpoint_auth_method, created_at, updated_at';

export async function insertOAuthClient(tx: Tx, c: NewOAuthClient, at: string): Promise<OAuthClientRow> {
  const { rows } = await tx.query<OAuthClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types, client_name, client_uri, logo_uri, client_type, token_endpoint_auth_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning ${COLUMNS}`,
    [c.id, c.client_secret_hash, c.registration_type, c.redirect_uris, c.grant_types, c.client_name, c.client_uri, c.logo_uri, c.client_type, c.token_endpoint_auth_method, at],
  );
  return rows[0]!;
}

/** A client that has not been removed; `forUpdate` locks it for the transaction. */
export async function findOAuthClient(tx: Tx, id: string, forUpdate = false): Promise<OAuthClientRow | null> {
  const { rows } = await tx.query<OAuthClientRow>(`select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ?? null;
}

/** One page of the clients not removed, newest first, and how many there are. */
export async function listOAuthClients(tx: Tx, page: number, perPage: number): Promise<{ rows: OAuthClientRow[]; total: number }> {
  const { rows } = await tx.query<OAuthClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const { rows: count } = await tx.query<{ n: string }>('select count(*)::text as n from auth.oauth_clients where deleted_at is null');
  return { rows, total: Number(count[0]!.n) };
}

export async function updateOAuthClient(tx: Tx, id: string, c: OAuthClientChanges, at: string): Promise<OAuthClientRow | null> {
  const { rows } = await tx.query<OAuthClientRow>(
    `update auth.oauth_clients set
       redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
       client_name = case when $4::text is null then client_name else nullif($4, '') end,
       client_uri = case when $5::text is null then client_uri else nullif($5, '') end,
       logo_uri = case when $6::text is null then logo_uri else nullif($6, '') end,
       token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method), updated_at = $8
     where id = $1 and deleted_at is null returning ${COLUMNS}`,
    [id, c.redirect_uris ?? null, c.grant_types ?? null, c.client_name ?? null, c.client_uri ?? null, c.logo_uri ?? null, c.token_endpoint_auth_method ?? null, at],
  );
  return rows[0] ?? null;
}

export async function setOAuthClientSecret(tx: Tx, id: string, hash: string, at: string): Promise<OAuthClientRow | null> {
  const { rows } = await tx.query<OAuthClientRow>(
    `update auth.oauth_clients set client_secret_hash = $2, updated_at = $3 where id = $1 and deleted_at is null returning ${COLUMNS}`,
    [id, hash, at],
  );
  return rows[0] ?? null;
}

/** Removed (the row stays, as GoTrue keeps it); false when there was no such client. */
export async function removeOAuthClient(tx: Tx, id: string, at: string): Promise<boolean> {
  return (await tx.query('update auth.oauth_clients set deleted_at = $2, updated_at = $2 where id = $1 and deleted_at is null returning id', [id, at])).rows.length > 0;
}
