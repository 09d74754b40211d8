import { shareUrl } from '../lib/shareUrl';

interface ShareButtonProps {
  className?: string;
}

/** Share Movement: opens the tweet composer with the campaign text and the product's URL in a new tab. */
export function ShareButton({ className }: ShareButtonProps) {
  return (
    <button type="button" className={className} onClick={() => window.open(shareUrl(), '_blank', 'noopener,noreferrer')}>
      Share Movement
    </button>
  );
}
