/**
 * What a poster reads on a gig of theirs that is hidden from everyone else: why (gigs.hidden_reason,
 * which row-level security lets only the poster read), by cause (gigs.hidden_cause).
 */
export const HIDDEN_BADGE = 'Hidden';

const WHY: Record<string, string> = {
  moderation: 'The Need40 team hid this gig',
  ban: 'This gig is hidden while your account is suspended',
};

export function HiddenNotice({ cause, reason }: { cause: string; reason: string }) {
  return (
    <p role="note" data-testid="hidden-notice">
      <strong>{WHY[cause] ?? 'This gig is hidden'}:</strong> {reason}
    </p>
  );
}
