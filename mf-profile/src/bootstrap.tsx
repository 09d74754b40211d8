/**
 * Standalone page of mf-profile: same tokens, runtime config and session as the composed page, then
 * the signed-in user's profile (or ?userId= read-only), or ?profileId= a member's public profile.
 */
import '@need40/shared/tokens.css';
import { mountStandalone } from '@need40/shared/standalone';
import { StandaloneProfile } from './standalone/StandaloneProfile';

void mountStandalone('mf-profile', <StandaloneProfile />);
