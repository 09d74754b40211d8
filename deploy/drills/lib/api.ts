/**
 * The marketplace over HTTP, as supabase-js would call it, for the data a drill leaves behind
 * before an upgrade: members signed up through their mailed link, a gig, an application that was
 * accepted, messages both ways, a $600 gig with its payment. Calls go straight to one backend.
 */
import type { MailSink } from './services';

export interface ApiMember {
  email: string;
  password: string;
  id: string;
  token: string;
}

export class Api {
  constructor(
    readonly url: string,
    private readonly anonKey: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: { apikey: this.anonKey, authorization: `Bearer ${token ?? this.anonKey}`, 'content-type': 'application/json', prefer: 'return=representation' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async signIn(email: string, password: string): Promise<ApiMember> {
    const s = await this.call<{ access_token: string; user: { id: string } }>('POST', '/auth/v1/token?grant_type=password', { email, password });
    return { email, password, id: s.user.id, token: s.access_token };
  }

  /** Sign up, follow the confirmation link of the mail (on this backend), sign in. */
  async member(smtp: MailSink, name: string, email: string): Promise<ApiMember> {
    const password = `upgrade-${name.length}-password`;
    await this.call('POST', '/auth/v1/signup', { email, password, data: { full_name: name } });
    const mail = await smtp.waitFor(email, 'Confirm your Need40 account');
    const link = new URL(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0]);
    const res = await fetch(`${this.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    if (res.status >= 400) throw new Error(`the confirmation link answered ${res.status}`);
    return this.signIn(email, password);
  }
}

/** The data the previous release leaves: what the upgraded one must still show. */
export interface Seeded {
  poster: ApiMember;
  worker: ApiMember;
  gigId: string;
  gigTitle: string;
  applicationId: string;
  paidGigId: string;
}

export async function seedMarketplace(api: Api, smtp: MailSink, tag: string): Promise<Seeded> {
  const poster = await api.member(smtp, 'Olga Oldposter', `${tag}-poster@example.com`);
  const worker = await api.member(smtp, 'Oskar Oldworker', `${tag}-worker@example.com`);
  const gigTitle = `Gig from the previous release ${tag}`;
  const [gig] = await api.call<{ id: string }[]>('POST', '/rest/v1/gigs', {
    title: gigTitle, description: 'Posted before the upgrade; must survive it.', payment_type: 'hourly', rate: 30, hours: 4, location: 'remote', skills: ['upgrade'], user_id: poster.id,
  }, poster.token);
  const application = await api.call<{ id: string }>('POST', '/rest/v1/rpc/apply_to_gig', { p_gig_id: gig!.id, p_message: 'Applied before the upgrade.' }, worker.token);
  await api.call('POST', '/rest/v1/rpc/accept_application', { p_application_id: application.id }, poster.token);
  await api.call('POST', '/rest/v1/rpc/send_message', { p_application_id: application.id, p_body: 'A message from before the upgrade.' }, worker.token);
  await api.call('POST', '/rest/v1/rpc/send_message', { p_application_id: application.id, p_body: 'And its answer.' }, poster.token);
  const paid = await api.call<{ id: string }>('POST', '/rest/v1/rpc/create_paid_gig', { p_title: `Paid gig from the previous release ${tag}`, p_description: 'The $600 path, before the upgrade.' }, poster.token);
  return { poster, worker, gigId: gig!.id, gigTitle, applicationId: application.id, paidGigId: paid.id };
}

/** What the members see of their data after the upgrade; throws on anything lost. */
export async function checkSeeded(api: Api, seeded: Seeded): Promise<Record<string, unknown>> {
  const poster = await api.signIn(seeded.poster.email, seeded.poster.password);
  const worker = await api.signIn(seeded.worker.email, seeded.worker.password);
  const gigs = await api.call<{ id: string; status: string }[]>('GET', `/rest/v1/gigs?select=id,status&id=in.(${seeded.gigId},${seeded.paidGigId})`);
  const apps = await api.call<{ status: string }[]>('GET', `/rest/v1/applications?select=status&id=eq.${seeded.applicationId}`, undefined, worker.token);
  const messages = await api.call<{ body: string }[]>('GET', `/rest/v1/application_messages?select=body&application_id=eq.${seeded.applicationId}&order=created_at`, undefined, poster.token);
  const facts = { gigs: gigs.map((g) => g.status).sort(), application: apps[0]?.status, messages: messages.map((m) => m.body) };
  if (gigs.length !== 2 || facts.application !== 'accepted' || messages.length !== 2) throw new Error(`data from before the upgrade is missing: ${JSON.stringify(facts)}`);
  return facts;
}
