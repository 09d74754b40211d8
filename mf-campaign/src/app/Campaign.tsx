import { Hero } from '../features/hero/components/Hero';
import { Need40Section } from '../features/need40/components/Need40Section';

/**
 * mf-campaign's exposed component: the landing hero (three stats) and the Need40 section
 * (`<section id="need40">`) with its payment paths. Needs no props: it reads the session and
 * the runtime configuration from @need40/shared.
 */
export default function Campaign() {
  return (
    <>
      <Hero />
      <Need40Section />
    </>
  );
}
