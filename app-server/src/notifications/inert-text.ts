/**
 * Text a member chose (a name, a gig title), made safe to put in an email: one line, at most `max`
 * characters, and no word a mail client would turn into a link. Clients autolink URLs, bare
 * domains and addresses in the plain-text part and in the HTML part alike (escaping HTML does not
 * stop it), so a sender could otherwise put a clickable link into an email that comes from us.
 * Such words are defanged the way security reports write indicators:
 *   inertText('Win at https://evil.example/x', 80) === 'Win at https[:]//evil[.]example/x'
 *   inertText('mail a@b.example', 80)              === 'mail a[at]b[.]example'
 * Fullwidth look-alikes are folded first (NFKC: `ｅｖｉｌ．ｅｘａｍｐｌｅ` is a link to some
 * clients), and invisible or direction-changing characters are removed.
 */

// Control characters, zero-width characters and bidirectional overrides: they hide or reorder text.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A word a client may link: a scheme, www., an address, a dotted name ending in letters, an IPv4 address. */
const LINKISH = /:\/\/|^www\.|www\.|@[^@\s]*\.|[\p{L}\p{N}-]\.[\p{L}]{2,}|\d+\.\d+\.\d+\.\d+|^(?:mailto|tel|sms|callto|skype):/iu;

function defang(word: string): string {
  if (!LINKISH.test(word)) return word;
  return word.replace(/\./g, '[.]').replace(/:/g, '[:]').replace(/@/g, '[at]');
}

export function inertText(value: unknown, max: number): string {
  const flat = String(value ?? '')
    .normalize('NFKC')
    .replace(INVISIBLE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  const short = chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : flat;
  return short.split(' ').map(defang).join(' ');
}
