/**
 * The write load and the checks the data-safety drills share (pnpm drill:crash, pnpm drill:backup):
 * signed-in users call rpc create_paid_gig (the $600 path) and insert gigs through /rest/v1/gigs,
 * visitors call rpc record_payment; every 2xx answer is recorded in a Ledger with the ids it
 * returned. `verify` reads everything back (service_role) and lists what is missing and what is
 * half-written; `serverWorks` signs in and writes once of each kind.
 */
import { DEV_ANON_KEY, DEV_SERVICE_ROLE_KEY } from '../src/config';
import { sleep } from './backend-process';
import { JsonClient, NetworkError } from './http-client';

const ANON = { apikey: DEV_ANON_KEY, authorization: `Bearer ${DEV_ANON_KEY}` };
const SERVICE = { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}`, 'accept-profile': 'public' };
const userHeaders = (token: string) => ({ apikey: DEV_ANON_KEY, authorization: `Bearer ${token}`, 'content-profile': 'public' });

export type WriteKind = 'paid_gig' | 'form_gig' | 'payment';

export interface User {
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

/** Everything the server acknowledged, and what was in flight when it died. */
export class Ledger {
  paidGigs = new Map<string, { paymentId: string; marker: string }>();
  formGigs = new Map<string, string>();
  payments = new Map<string, string>();
  /** Sent, then the connection died: may or may not have landed. */
  inFlight: { kind: WriteKind; marker: string; cycle: number }[] = [];
  /** Non-2xx answers (the server was up and refused or failed a write). */
  errors: { kind: WriteKind; status: number; body: string }[] = [];

  get acknowledged(): number {
    return this.paidGigs.size + this.formGigs.size + this.payments.size;
  }
}

export const setup = (env: Record<string, string>) => ({
  MAILER_AUTOCONFIRM: 'true',
  RATE_LIMIT_SIGN_UP_PER_IP: '100000',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000',
  RATE_LIMIT_SIGN_IN_PER_EMAIL: '100000',
  ...env,
});

export async function signUp(client: JsonClient, email: string, password: string): Promise<User> {
  const res = await client.request<{ access_token: string; user: { id: string } }>('POST', '/auth/v1/signup', ANON, { email, password, data: { full_name: 'Crash Drill' } });
  if (res.status !== 200 || !res.body?.access_token) throw new Error(`signup ${email}: HTTP ${res.status} ${res.text}`);
  return { id: res.body.user.id, email, password, accessToken: res.body.access_token };
}

/** One write of the given kind; returns what the server acknowledged, or throws NetworkError. */
export async function write(client: JsonClient, kind: WriteKind, marker: string, user: User | undefined, ledger: Ledger): Promise<boolean> {
  let res;
  if (kind === 'paid_gig') {
    res = await client.request<{ id: string; payment_id: string }>('POST', '/rest/v1/rpc/create_paid_gig', userHeaders(user!.accessToken), { p_title: marker, p_description: 'Crash drill: the $600 path.' });
    if (res.status === 200 && res.body?.id && res.body.payment_id) {
      ledger.paidGigs.set(res.body.id, { paymentId: res.body.payment_id, marker });
      return true;
    }
  } else if (kind === 'form_gig') {
    res = await client.request<{ id: string }[]>('POST', '/rest/v1/gigs', { ...userHeaders(user!.accessToken), prefer: 'return=representation' }, {
      title: marker, description: 'Crash drill: a gig from the form.', payment_type: 'hourly', rate: 25, hours: 3, location: 'remote', skills: ['drill'], user_id: user!.id,
    });
    if (res.status === 201 && res.body?.[0]?.id) {
      ledger.formGigs.set(res.body[0].id, marker);
      return true;
    }
  } else {
    res = await client.request<{ id: string }>('POST', '/rest/v1/rpc/record_payment', { ...ANON, 'content-profile': 'public' }, { p_amount: 40, p_payment_method: 'paypal', p_status: 'pending', p_description: marker });
    if (res.status === 200 && res.body?.id) {
      ledger.payments.set(res.body.id, marker);
      return true;
    }
  }
  ledger.errors.push({ kind, status: res.status, body: res.text.slice(0, 300) });
  return false;
}

/** Concurrent clients writing until the server dies under them, or `stop()` says so. Resolves when all have stopped. */
export async function writeLoad(client: JsonClient, users: User[], ledger: Ledger, cycle: number, clients: number, stop: () => boolean = () => false): Promise<number> {
  const kinds: WriteKind[] = ['paid_gig', 'form_gig', 'payment'];
  let acked = 0;
  await Promise.all(Array.from({ length: clients }, async (_, i) => {
    const kind = kinds[i % 3]!;
    const user = kind === 'payment' ? undefined : users[i % users.length];
    for (let seq = 0; !stop(); seq++) {
      const marker = `drill c${cycle} k${i} #${seq}`;
      try {
        if (await write(client, kind, marker, user, ledger)) acked++;
        else await sleep(20); // an error answer: do not spin
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        if (error.kind === 'lost') ledger.inFlight.push({ kind, marker, cycle });
        return; // the server is gone
      }
    }
  }));
  return acked;
}

interface GigRow { id: string; user_id: string; title: string; payment_id: string | null; payment_type: string; rate: number; worker_rate: number | null; platform_fee: number | null; status: string }
interface PaymentRow { id: string; amount: number; status: string; user_id: string | null; description: string | null }
interface AuditRow { table_name: string; operation: string; details: { gig_id?: string; payment_id?: string } }

async function readAll<T>(client: JsonClient, table: string, select: string): Promise<T[]> {
  const res = await client.request<T[]>('GET', `/rest/v1/${table}?select=${select}`, SERVICE);
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`read ${table}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

export interface Verification {
  missing: string[];
  halfWritten: string[];
  inFlightLanded: number;
  counts: { gigs: number; paidGigs: number; payments: number; completedPayments: number; auditGigs: number; auditPayments: number };
}

export async function verify(client: JsonClient, ledger: Ledger, cycle: number): Promise<Verification> {
  const [gigs, payments, audit] = await Promise.all([
    readAll<GigRow>(client, 'gigs', 'id,user_id,title,payment_id,payment_type,rate,worker_rate,platform_fee,status'),
    readAll<PaymentRow>(client, 'payments', 'id,amount,status,user_id,description'),
    readAll<AuditRow>(client, 'audit_logs', 'table_name,operation,details'),
  ]);
  const gigById = new Map(gigs.map((g) => [g.id, g]));
  const paymentById = new Map(payments.map((p) => [p.id, p]));
  const auditGig = new Map<string, number>();
  const auditPayment = new Map<string, number>();
  for (const a of audit) {
    if (a.table_name === 'gigs' && a.details.gig_id) auditGig.set(a.details.gig_id, (auditGig.get(a.details.gig_id) ?? 0) + 1);
    if (a.table_name === 'payments' && a.details.payment_id) auditPayment.set(a.details.payment_id, (auditPayment.get(a.details.payment_id) ?? 0) + 1);
  }

  const missing: string[] = [];
  for (const [id, { paymentId, marker }] of ledger.paidGigs) {
    if (!gigById.has(id)) missing.push(`paid gig ${id} (${marker})`);
    if (!paymentById.has(paymentId)) missing.push(`payment ${paymentId} of paid gig ${id} (${marker})`);
  }
  for (const [id, marker] of ledger.formGigs) if (!gigById.has(id)) missing.push(`gig ${id} (${marker})`);
  for (const [id, marker] of ledger.payments) if (!paymentById.has(id)) missing.push(`payment ${id} (${marker})`);

  const half: string[] = [];
  const paidPaymentIds = new Set<string>();
  for (const g of gigs) {
    if ((auditGig.get(g.id) ?? 0) !== 1) half.push(`gig ${g.id}: ${auditGig.get(g.id) ?? 0} audit rows`);
    if (!g.payment_id) continue;
    paidPaymentIds.add(g.payment_id);
    const p = paymentById.get(g.payment_id);
    if (!p) half.push(`paid gig ${g.id}: its payment ${g.payment_id} is missing`);
    else if (p.status !== 'completed' || Number(p.amount) !== 600 || p.user_id !== g.user_id) half.push(`paid gig ${g.id}: payment ${p.id} is ${p.status} ${p.amount} for ${p.user_id}`);
    if (g.payment_type !== 'fixed' || Number(g.rate) !== 600 || Number(g.worker_rate) !== 570 || Number(g.platform_fee) !== 30 || g.status !== 'active') {
      half.push(`paid gig ${g.id}: ${g.payment_type} ${g.rate}/${g.worker_rate}/${g.platform_fee} ${g.status}`);
    }
  }
  for (const p of payments) {
    if ((auditPayment.get(p.id) ?? 0) !== 1) half.push(`payment ${p.id}: ${auditPayment.get(p.id) ?? 0} audit rows`);
    if (p.status === 'completed' && !paidPaymentIds.has(p.id)) half.push(`completed payment ${p.id} (${p.amount}) has no gig`);
  }
  for (const id of auditGig.keys()) if (!gigById.has(id)) half.push(`audit row for gig ${id}, which does not exist`);
  for (const id of auditPayment.keys()) if (!paymentById.has(id)) half.push(`audit row for payment ${id}, which does not exist`);

  const titles = new Set(gigs.map((g) => g.title));
  const descriptions = new Set(payments.map((p) => p.description));
  const inFlightLanded = ledger.inFlight.filter((w) => w.cycle === cycle && (w.kind === 'payment' ? descriptions.has(w.marker) : titles.has(w.marker))).length;

  return {
    missing,
    halfWritten: half,
    inFlightLanded,
    counts: {
      gigs: gigs.length,
      paidGigs: paidPaymentIds.size,
      payments: payments.length,
      completedPayments: payments.filter((p) => p.status === 'completed').length,
      auditGigs: audit.filter((a) => a.table_name === 'gigs').length,
      auditPayments: audit.filter((a) => a.table_name === 'payments').length,
    },
  };
}

/** A sign-in, one write of each kind and a read-back: the restarted server works. */
export async function serverWorks(client: JsonClient, user: User, ledger: Ledger, cycle: number): Promise<string[]> {
  const problems: string[] = [];
  const signIn = await client.request<{ access_token: string }>('POST', '/auth/v1/token?grant_type=password', ANON, { email: user.email, password: user.password });
  if (signIn.status !== 200 || !signIn.body?.access_token) problems.push(`sign-in after restart: HTTP ${signIn.status}`);
  else user.accessToken = signIn.body.access_token;
  for (const kind of ['paid_gig', 'form_gig', 'payment'] as const) {
    if (!(await write(client, kind, `drill c${cycle} after restart ${kind}`, user, ledger))) problems.push(`${kind} after restart failed`);
  }
  const lastGig = [...ledger.formGigs.keys()].at(-1);
  const read = await client.request<unknown[]>('GET', `/rest/v1/gigs?select=id,profiles!gigs_user_id_fkey(username)&id=eq.${lastGig}`, ANON);
  if (read.status !== 200 || read.body?.length !== 1) problems.push(`read-back after restart: HTTP ${read.status}`);
  return problems;
}
