/**
 * The auth mails' words are files, named and filled as GoTrue's mailer templates
 * (GOTRUE_MAILER_TEMPLATES_* / SUBJECTS_*), so templates written for Supabase carry over:
 *   <kind>.subject.txt   the subject line
 *   <kind>.html          the HTML part
 *   <kind>.txt           the plain-text part
 * for every kind of MAIL_KINDS. The built-in words are the files of `backend/mail-templates/` (every
 * kind, every part); an operator's MAIL_TEMPLATES_DIR replaces any subset of them file by file.
 * Placeholders: {{ .ConfirmationURL }} (the link), {{ .Token }} (the six-digit code), {{ .Email }},
 * {{ .SiteURL }} — escaped in the HTML part — and Go's `{{ if .Token }}…{{ end }}` (not nested) for a
 * piece shown only when that value is set. The files are read and checked once, at start: an unknown
 * file, placeholder or construct, or a mail body lacking its link (a reauthentication mail: its code),
 * refuses the start.
 */
import fs from 'node:fs';
import path from 'node:path';

export const MAIL_KINDS = ['signup', 'recovery', 'email_change', 'magiclink', 'invite', 'reauthentication', 'already_registered'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
const PARTS = { 'subject.txt': 'subject', html: 'html', txt: 'text' } as const;
type Part = (typeof PARTS)[keyof typeof PARTS];
const PLACEHOLDER = /\{\{\s*\.(\w+)\s*\}\}/g;
const CONDITIONAL = /\{\{\s*if\s+\.(\w+)\s*\}\}([\s\S]*?)\{\{\s*end\s*\}\}/g;
const ANY_ACTION = /\{\{[\s\S]*?\}\}/g;
const KNOWN = new Set(['ConfirmationURL', 'Token', 'Email', 'SiteURL']);
/** Bigger files are a mistake, not a template. */
const MAX_BYTES = 64 * 1024;

export type MailTemplates = Record<MailKind, Record<Part, string>>;
type PartialTemplates = Partial<Record<MailKind, Partial<Record<Part, string>>>>;

/** What one folder holds, with every problem named in `problems`. */
function readFolder(dir: string, problems: string[]): PartialTemplates {
  const templates: PartialTemplates = {};
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => !f.startsWith('.'));
  } catch (error) {
    throw new Error(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  for (const file of files.sort()) {
    // The longest kind first: `already_registered` must not be read as some shorter kind.
    const kind = [...MAIL_KINDS].sort((a, b) => b.length - a.length).find((k) => file.startsWith(`${k}.`));
    const suffix = kind ? file.slice(kind.length + 1) : '';
    const part = Object.hasOwn(PARTS, suffix) ? PARTS[suffix as keyof typeof PARTS] : undefined;
    if (!kind || !part) {
      problems.push(`${file}: not a template name (<${MAIL_KINDS.join('|')}>.<subject.txt|html|txt>)`);
      continue;
    }
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    if (Buffer.byteLength(text) > MAX_BYTES) problems.push(`${file}: larger than 64 KiB`);
    for (const [, name] of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(name!)) problems.push(`${file}: unknown placeholder {{ .${name} }} (known: ${[...KNOWN].join(', ')})`);
    for (const [, name] of text.matchAll(CONDITIONAL)) if (!KNOWN.has(name!)) problems.push(`${file}: unknown placeholder in {{ if .${name} }}`);
    const leftover = text.replace(CONDITIONAL, '$2').replace(PLACEHOLDER, '').match(ANY_ACTION);
    if (leftover) problems.push(`${file}: unsupported template syntax ${leftover[0]} (only {{ .Name }} and {{ if .Name }}…{{ end }})`);
    const needs = kind === 'reauthentication' ? 'Token' : 'ConfirmationURL';
    const unconditional = text.replace(CONDITIONAL, '');
    if (part !== 'subject' && !new RegExp(`\\{\\{\\s*\\.${needs}\\s*\\}\\}`).test(unconditional)) problems.push(`${file}: must contain {{ .${needs} }}`);
    // A file's last line break is the editor's, not the mail's.
    (templates[kind] ??= {})[part] = part === 'subject' ? text.trim() : text.replace(/\r?\n$/, '');
  }
  return templates;
}

const builtIn = new Map<string, MailTemplates>();

/**
 * The built-in templates of `defaultDir` (which must hold every kind and part) with the files of
 * `overrideDir` (optional) laid over them; an Error naming every problem otherwise.
 */
export function loadMailTemplates(defaultDir: string, overrideDir: string | undefined): MailTemplates {
  let base = builtIn.get(defaultDir);
  if (!base) {
    const problems: string[] = [];
    const read = readFolder(defaultDir, problems);
    for (const kind of MAIL_KINDS) for (const part of Object.values(PARTS)) if (read[kind]?.[part] === undefined) problems.push(`${kind}: no ${part} template`);
    if (problems.length) throw new Error(`the built-in templates in ${defaultDir} are incomplete or wrong (${problems.join('; ')}): the release is damaged`);
    base = read as MailTemplates;
    builtIn.set(defaultDir, base);
  }
  if (!overrideDir) return base;
  const problems: string[] = [];
  const own = readFolder(overrideDir, problems);
  if (problems.length) throw new Error(problems.join('; '));
  return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, { ...base[kind], ...own[kind] }])) as MailTemplates;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TemplateValues {
  ConfirmationURL: string;
  Token: string;
  Email: string;
  SiteURL: string;
}

/** The subject and both parts of a `kind` mail, filled in. */
export function renderMail(templates: MailTemplates, kind: MailKind, values: TemplateValues): { subject: string; text: string; html: string } {
  const own = templates[kind];
  const fill = (template: string, escape: boolean) =>
    template
      .replace(CONDITIONAL, (_, name: keyof TemplateValues, inner: string) => (values[name] ? inner : ''))
      .replace(PLACEHOLDER, (_, name: keyof TemplateValues) => (escape ? escapeHtml(values[name]) : values[name]));
  return { subject: fill(own.subject, false).replace(/[\r\n]+/g, ' '), text: fill(own.text, false), html: fill(own.html, true) };
}
