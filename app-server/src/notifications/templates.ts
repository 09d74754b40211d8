/**
 * The notification emails' words as files: `app-server/templates/<name>.txt` (the subject, the line
 * a digest lists, then the plain-text body) and `<name>.html` (the HTML body), one pair per kind of
 * email (`deal_update.<step>` for each step of a deal, `digest` for several in one). An operator
 * changes the words by putting files of the same names in NOTIFICATION_TEMPLATES_DIR: any subset,
 * the rest keep the defaults. A `.txt` file starts with its header lines:
 *
 *   Subject: New application for "{{title}}"
 *   Summary: New application for your gig "{{title}}" from {{worker_name}}.
 *
 *   New application for your gig … (the body, after one blank line)
 *
 * Placeholders are Mustache's: `{{name}}` (escaped in the HTML part, as is in the text part),
 * `{{#note}}…{{/note}}` (only when there is a note), `{{> _footer}}` (the partial `_footer.txt` or
 * `_footer.html`: a file whose name starts with `_` is a piece other templates include, no headers).
 * An optional `Action:` header names the link in a digest's list ("Open the gig"). The values each kind gets are listed in
 * docs/app-server.md and made in values.ts. Read and checked once, at start: an unknown file, a
 * template Mustache cannot parse, or a `.txt` without its Subject refuses the start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Mustache from 'mustache';

export interface Template {
  subject: string;
  summary: string;
  action: string;
  text: string;
  html: string;
}

export interface Templates {
  byName: ReadonlyMap<string, Template>;
  /** The `_name` pieces, for the text and for the HTML part. */
  partials: { text: Record<string, string>; html: Record<string, string> };
}

/** Bigger files are a mistake, not a template. */
const MAX_BYTES = 64 * 1024;
const NAME = /^[a-z_]+(?:\.[a-z_]+)?$/;

/** The default templates' folder: app-server/templates, from the sources (src/notifications/) or the bundle (dist/). */
export function defaultTemplatesDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '..', 'templates'), path.resolve(here, '..', '..', 'templates')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'digest.txt'))) ?? candidates[1]!;
}

function parseText(file: string, source: string): Pick<Template, 'subject' | 'summary' | 'action' | 'text'> {
  const normal = source.replace(/\r\n/g, '\n');
  const split = normal.indexOf('\n\n');
  const head = split < 0 ? normal : normal.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const m = /^(Subject|Summary|Action):\s*(.*)$/.exec(line);
    if (!m) throw new Error(`${file}: the header lines are "Subject: …", "Summary: …" and "Action: …", then a blank line and the body`);
    headers.set(m[1]!, m[2]!);
  }
  if (!headers.get('Subject')) throw new Error(`${file}: needs a "Subject: …" line`);
  return { subject: headers.get('Subject')!, summary: headers.get('Summary') ?? '', action: headers.get('Action') ?? '', text: split < 0 ? '' : normal.slice(split + 2) };
}

function readDir(dir: string, into: Map<string, Partial<Template>>, known: ReadonlySet<string> | null): void {
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => !f.startsWith('.'));
  } catch (error) {
    throw new Error(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  for (const file of files) {
    const ext = path.extname(file);
    const name = file.slice(0, -ext.length);
    if ((ext !== '.txt' && ext !== '.html') || !NAME.test(name) || (known && !known.has(name))) {
      throw new Error(`${file}: not a template name (<${known ? [...known].join('|') : 'name'}>.txt or .html)`);
    }
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    if (Buffer.byteLength(source) > MAX_BYTES) throw new Error(`${file}: larger than 64 KiB`);
    try {
      Mustache.parse(source);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    const entry = into.get(name) ?? {};
    if (ext === '.html') entry.html = source;
    else if (name.startsWith('_')) entry.text = source;
    else Object.assign(entry, parseText(file, source));
    into.set(name, entry);
  }
}

/** The default templates with the overrides of `overrideDir` (if any) put over them; throws naming the problem. */
export function loadTemplates(overrideDir?: string, defaultsDir = defaultTemplatesDir()): Templates {
  const all = new Map<string, Partial<Template>>();
  readDir(defaultsDir, all, null);
  for (const [name, t] of all) if (t.html === undefined || t.text === undefined) throw new Error(`${name}: the defaults need both ${name}.txt and ${name}.html`);
  if (overrideDir) {
    const overrides = new Map<string, Partial<Template>>();
    readDir(overrideDir, overrides, new Set(all.keys()));
    for (const [name, t] of overrides) all.set(name, { ...all.get(name), ...t });
  }
  const byName = new Map<string, Template>();
  const partials: Templates['partials'] = { text: {}, html: {} };
  for (const [name, t] of all) {
    if (name.startsWith('_')) {
      partials.text[name] = t.text!;
      partials.html[name] = t.html!;
    } else byName.set(name, t as Template);
  }
  return { byName, partials };
}

/** The five characters that matter in HTML text and quoted attributes (Mustache's own escape also rewrites `/` and `=`, which breaks nothing but links' readability). */
const escapeHtml = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** One template filled in: subject, summary and action on one line each, the text unescaped, the HTML escaped. */
export function render(templates: Templates, t: Template, view: object): Template {
  const asText = (template: string) => Mustache.render(template, view, templates.partials.text, { escape: (s: unknown) => String(s) });
  return {
    subject: oneLine(asText(t.subject)),
    summary: oneLine(asText(t.summary)),
    action: oneLine(asText(t.action)),
    text: asText(t.text).replace(/\n{3,}/g, '\n\n').trim(),
    html: Mustache.render(t.html, view, templates.partials.html, { escape: escapeHtml }).trim(),
  };
}
