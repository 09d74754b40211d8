import { MESSAGES, SECTIONS } from '@need40/shared';

/** Exposed to the shell: the Latest Gigs grid and the Post Your Gig form. */
export default function Gigs() {
  return (
    <>
      <section id={SECTIONS.gigs} aria-labelledby="gigs-title">
        <h2 id="gigs-title">Latest Gigs</h2>
        <p>{MESSAGES.noGigs}</p>
      </section>
      <section id={SECTIONS.postGig} aria-labelledby="post-gig-title">
        <h2 id="post-gig-title">Post Your Gig</h2>
      </section>
    </>
  );
}
