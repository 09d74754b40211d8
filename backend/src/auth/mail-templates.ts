/**
 * Auth mail templates an operator can override with files (MAIL_TEMPLATES_DIR), named and filled as
 * GoTrue's (GOTRUE_MAILER_TEMPLATES_* / SUBJECTS_*), so templates written for Supabase carry over:
 *   <kind>.subject.txt   the subject line
 *   <kind>.html          the HTML part
 *   <kind>.txt           the plain-text part
 * for kind in signup, recovery, email_change, magiclink, invite, reauthentication. Any subset may be
 * given; the rest keep the built-in words (mailer.ts). Placeholders: {{ .ConfirmationURL }} (the
 * link), {{ .Token }} (the six-digit code), {{ .Email }}, {{ .SiteURL }} — escaped in the HTML part.
 * The files are read and checked once, at start: an unknown file or placeholder, or a link mail whose
 * body lacks {{ .ConfirmationURL }} (a reauthentication mail: {{ .Token }}), refuses the start.
 */
import fs from 'node:fs';
import path from 'node:path';

const KINDS = ['signup', 'recovery', 'email_change', 'magiclink', 'invite', 'reauthentication'] as const;
type Kind = (typeof KINDS)[number];
const PARTS = { 'subject.txt': 'subject', html: 'html', txt: 'text' } as const;
type Part = (typeof PARTS)[keyof typeof PARTS];
const PLACEHOLDER = /\{\{\s*\.(\w+)\s*\}\}/g;
const KNOWN = new Set(['ConfirmationURL', 'Token', 'Email', 'SiteURL']);
/** Bigger files are a mistake, not a template. */
const MAX_BYTES = 64 * 1024;

export type MailTemplates = Partial<Record<Kind, Partial<Record<Part, string>>>>;

/** The templates of `dir` (undefined: none), or an Error naming every problem. */
export function loadMailTemplates(dir: string | undefined): MailTemplates | undefined {
  if (!dir) return undefined;
  const problems: string[] = [];
  const templates: MailTemplates = {};
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => !f.startsWith('.'));
  } catch (error) {
    throw new Error(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  for (const file of files) {
    const kind = KINDS.find((k) => file.startsWith(`${k}.`));
    const suffix = kind ? file.slice(kind.length + 1) : '';
    const part = Object.hasOwn(PARTS, suffix) ? PARTS[suffix as keyof typeof PARTS] : undefined;
    if (!kind || !part) {
      problems.push(`${file}: not a template name (<${KINDS.join('|')}>.<subject.txt|html|txt>)`);
      continue;
    }
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    if (Buffer.byteLength(text) > MAX_BYTES) problems.push(`${file}: larger than 64 KiB`);
    for (const [, name] of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(name!)) problems.push(`${file}: unknown placeholder {{ .${name} }} (known: ${[...KNOWN].join(', ')})`);
    const needs = kind === 'reauthentication' ? 'Token' : 'ConfirmationURL';
    if (part !== 'subject' && !new RegExp(`\\{\\{\\s*\\.${needs}\\s*\\}\\}`).test(text)) problems.push(`${file}: must contain {{ .${needs} }}`);
    (templates[kind] ??= {})[part] = part === 'subject' ? text.trim() : text;
  }
  if (problems.length) throw new Error(problems.join('; '));
  return templates;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TemplateValues {
  ConfirmationURL: string;
  Token: string;
  Email: string;
  SiteURL: string;
}

/** The mail's parts with the overrides of its kind filled in (parts without one are kept). */
export function applyTemplates<M extends { kind: string; subject: string; text: string; html: string }>(templates: MailTemplates | undefined, mail: M, values: TemplateValues): M {
  const own = templates?.[mail.kind as Kind];
  if (!own) return mail;
  const fill = (template: string, escape: boolean) => template.replace(PLACEHOLDER, (_, name: keyof TemplateValues) => (escape ? escapeHtml(values[name]) : values[name]));
  return {
    ...mail,
    ...(own.subject !== undefined && { subject: fill(own.subject, false).replace(/[\r\n]+/g, ' ') }),
    ...(own.text !== undefined && { text: fill(own.text, false) }),
    ...(own.html !== undefined && { html: fill(own.html, true) }),
  };
}
