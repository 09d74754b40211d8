/**
 * SQL text with its comments removed and every run of whitespace outside literals collapsed to
 * one space: what the normalised migration checksum hashes, so that fixing a comment's typo or
 * re-indenting a landed migration does not count as an edit (every other change does).
 *
 * Literals are kept byte for byte: '…' strings (with '' and, for E'…', backslash escapes) and
 * "…" identifiers. A dollar-quoted body ($$…$$, $fn$…$fn$) is a function's code, so it is
 * normalised the same way, recursively. The one thing this cannot tell apart is a dollar-quoted
 * *data* literal holding `--` or `/*`: the text after them would be read as a comment. Migrations
 * use dollar quotes for function bodies only.
 *
 * @example
 *   normaliseSql('-- why\ncreate  table t (\n  id int -- key\n);') === 'create table t ( id int );'
 */

const SPACE = /\s/;
const WORD = /[\w$]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Index just past the quoted literal that starts at `start` (its closing quote included). */
function endOfQuoted(sql: string, start: number, quote: "'" | '"', backslashEscapes: boolean): number {
  for (let j = start + 1; j < sql.length; j++) {
    if (backslashEscapes && sql[j] === '\\') {
      j++;
      continue;
    }
    if (sql[j] === quote) {
      if (sql[j + 1] === quote) {
        j++;
        continue;
      }
      return j + 1;
    }
  }
  return sql.length;
}

/** Index just past the block comment that starts at `start` (PostgreSQL nests them). */
function endOfBlockComment(sql: string, start: number): number {
  let depth = 0;
  for (let j = start; j < sql.length; ) {
    if (sql.startsWith('/*', j)) {
      depth++;
      j += 2;
    } else if (sql.startsWith('*/', j)) {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else j++;
  }
  return sql.length;
}

export function normaliseSql(sql: string): string {
  const out: string[] = [];
  let space = false;
  const emit = (text: string) => {
    if (space && out.length) out.push(' ');
    space = false;
    out.push(text);
  };
  for (let i = 0; i < sql.length; ) {
    const c = sql[i]!;
    if (SPACE.test(c)) {
      space = true;
      i++;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
      space = true;
    } else if (c === '/' && sql[i + 1] === '*') {
      i = endOfBlockComment(sql, i);
      space = true;
    } else if (c === "'" || c === '"') {
      const escapes = c === "'" && /[eE]/.test(sql[i - 1] ?? '') && !WORD.test(sql[i - 2] ?? '');
      const end = endOfQuoted(sql, i, c, escapes);
      emit(sql.slice(i, end));
      i = end;
    } else if (c === '$' && !WORD.test(sql[i - 1] ?? '') && DOLLAR_TAG.test(sql.slice(i, i + 66))) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 66))![0];
      const close = sql.indexOf(tag, i + tag.length);
      const bodyEnd = close < 0 ? sql.length : close;
      emit(`${tag}${normaliseSql(sql.slice(i + tag.length, bodyEnd))}${close < 0 ? '' : tag}`);
      i = close < 0 ? sql.length : close + tag.length;
    } else {
      emit(c);
      i++;
    }
  }
  return out.join('');
}
