/**
 * Auth mail templates as files (backend/mail-templates, and MAIL_TEMPLATES_DIR over them; GoTrue's names and placeholders): an override
 * replaces the built-in subject and parts of its kind, with the link, the code and the address
 * filled in (escaped in HTML); kinds without files keep the built-in words; a folder with a wrong
 * file name, an unknown placeholder or a link mail without its link refuses the start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_TEMPLATES_DIR } from '../../src/config-defaults';
import { loadConfig } from '../../src/config';
import { startTestBackend, type TestBackend } from '../harness';
import { call, latestMail, uniqueEmail } from './helpers';

let dir: string;
let be: TestBackend;
const folder = (files: Record<string, string>) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-templates-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(d, name), text);
  return d;
};

beforeAll(async () => {
  dir = folder({
    'signup.subject.txt': 'Welcome to {{ .SiteURL }}\n',
    'signup.html': '<h1>Hello {{ .Email }}</h1><p><a href="{{ .ConfirmationURL }}">Confirm</a> or type {{.Token}}</p>',
    'signup.txt': 'Confirm: {{ .ConfirmationURL }}',
  });
  be = await startTestBackend({ MAIL_TEMPLATES_DIR: dir, SITE_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  await be?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('mail templates from files', () => {
  it('the sign-up mail uses the operator\'s files, filled in; the address is escaped in HTML', async () => {
    const email = `o'brien.${uniqueEmail('tpl')}`.toLowerCase();
    expect((await call(be, 'POST', '/signup', { email, password: 'secret123' })).status).toBe(200);
    const mail = await latestMail(be, email);
    expect(mail.subject).toBe('Welcome to http://localhost:3000');
    expect(mail.text).toBe(`Confirm: ${mail.link}`);
    expect(mail.link).toMatch(/\/auth\/v1\/verify\?token=/);
    const html = await be.db.transaction(async (tx) => (await tx.query<{ html_body: string }>('select html_body from auth.dev_mailbox where to_address = $1', [email])).rows[0]!.html_body);
    expect(html).toContain(`<h1>Hello o&#39;brien.`);
    expect(html).toContain(`<a href="${mail.link.replace(/&/g, '&#38;')}">Confirm</a> or type `);
    expect(html).not.toContain('{{');
  });

  it('a kind without files keeps the built-in words', async () => {
    const email = uniqueEmail('tpl-recover').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'secret123' });
    expect((await call(be, 'POST', '/recover', { email })).status).toBe(200);
    expect((await latestMail(be, email)).subject).toBe('Reset your Need40 password');
  });

  it('the built-in words are the files of backend/mail-templates; {{ if .Token }} shows its piece only with a code', async () => {
    const email = uniqueEmail('tpl-otp').toLowerCase();
    await call(be, 'POST', '/signup', { email, password: 'secret123' });
    expect((await call(be, 'POST', '/otp', { email })).status).toBe(200);
    const otp = await latestMail(be, email);
    expect(otp.kind).toBe('magiclink');
    expect(otp.text).toMatch(/\n\nOr enter this code: \d{6}\n\n/);
    const recovery = fs.readFileSync(path.join(DEFAULT_MAIL_TEMPLATES_DIR, 'recovery.txt'), 'utf8');
    expect((await call(be, 'POST', '/recover', { email })).status).toBe(200);
    const mail = await latestMail(be, email);
    expect(`${mail.text}\n`).toBe(recovery.replace('{{ .ConfirmationURL }}', mail.link).replace(/\{\{ if \.Token \}\}[^]*?\{\{ end \}\}/, ''));
  });

  it('a wrong folder refuses the start, naming every problem', () => {
    const bad = folder({ 'signup.htm': 'x', 'recovery.html': 'Reset {{ .Link }}', 'invite.subject.txt': 'Join', 'magiclink.txt': '{{ range .X }}{{ .ConfirmationURL }}{{ end }}' });
    try {
      expect(() => loadConfig({ NODE_ENV: 'test', MAIL_TEMPLATES_DIR: bad })).toThrow(
        /MAIL_TEMPLATES_DIR: .*magiclink\.txt: unsupported template syntax \{\{ range \.X \}\}.*recovery\.html: unknown placeholder \{\{ \.Link \}\}.*recovery\.html: must contain \{\{ \.ConfirmationURL \}\}.*signup\.htm: not a template name/s,
      );
      expect(() => loadConfig({ NODE_ENV: 'test', MAIL_TEMPLATES_DIR: path.join(bad, 'missing') })).toThrow(/MAIL_TEMPLATES_DIR: cannot read .*ENOENT/);
    } finally {
      fs.rmSync(bad, { recursive: true, force: true });
    }
  });
});
