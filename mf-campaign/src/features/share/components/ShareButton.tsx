import { shareUrl } from '../lib/shareUrl';

interface ShareButtonProps {
  className?: string;
  /** Id of the line that says what the button does. */
  describedBy?: string;
}

/** Share Movement: opens the tweet composer with the campaign text and the product's URL in a new tab. */
export function ShareButton({ className, describedBy }: ShareButtonProps) {
  return (
    <button type="button" className={className} aria-describedby={describedBy} onClick={() => window.open(shareUrl(), '_blank', 'noopener,noreferrer')}>
      Share Movement
    </button>
  );
}
