import type { MouseEvent } from 'react';

/**
 * "Skip to content": moves focus to <main> without writing `#main` into the address (the hash picks
 * the view, and a reload or shared link should not carry a skip target). Without JavaScript the
 * plain anchor still works.
 */
export function SkipLink({ target = 'main' }: { target?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${target}`} className="visually-hidden" onClick={onClick}>
      Skip to content
    </a>
  );
}
