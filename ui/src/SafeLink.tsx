import type { ReactNode } from 'react';
import { safeUrl } from './safeUrl';
import ui from './ui.module.css';

interface SafeLinkProps {
  href: string;
  children?: ReactNode;
}

/**
 * A link a person typed, made safe: only http(s) and mailto become links (new tab,
 * `noopener noreferrer`); anything else — `javascript:`, `data:` — is shown as plain text.
 */
export function SafeLink({ href, children }: SafeLinkProps) {
  const url = safeUrl(href);
  const text = children ?? href;
  if (!url) return <span>{text}</span>;
  if (url.startsWith('mailto:')) {
    return <a className={ui.link} href={url}>{text}</a>;
  }
  return (
    <a className={ui.link} href={url} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
