import type { MouseEvent } from 'react';

/**
 * Where "Skip to content" lands: the shown view's main content — the element marked
 * `data-main-content` in it (Home marks Latest Gigs, past the hero and the campaign) or else the
 * view itself — at its first heading, so the next Tab goes on from there.
 */
export function skipTarget(): HTMLElement | null {
  const section = document.querySelector<HTMLElement>('main > section:not([hidden])');
  if (!section) return document.getElementById('main');
  const content = section.querySelector<HTMLElement>('[data-main-content]:not([hidden])') ?? section;
  return content.querySelector<HTMLElement>('h1, h2') ?? content;
}

/**
 * "Skip to content": moves focus to the view's main content without writing `#main` into the
 * address (the hash picks the view, and a reload or shared link should not carry a skip target).
 * Without JavaScript the plain anchor still reaches <main>.
 */
export function SkipLink({ target = 'main' }: { target?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const content = skipTarget() ?? document.getElementById(target);
    if (!content) return;
    event.preventDefault();
    if (!content.hasAttribute('tabindex')) content.setAttribute('tabindex', '-1');
    content.focus();
    content.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${target}`} className="visually-hidden" onClick={onClick}>
      Skip to content
    </a>
  );
}
