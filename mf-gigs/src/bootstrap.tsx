/**
 * Standalone page of mf-gigs: same tokens, runtime config and session as the composed page, then
 * the exposed component alone. (The login modal lives in mf-auth: here "Login to Post Gig" only
 * flips the shared UI store, which the frame shows.)
 */
import '@need40/shared/tokens.css';
import { mountStandalone } from '@need40/shared/standalone';
import Gigs from './app/Gigs';

void mountStandalone('mf-gigs', <Gigs />);
