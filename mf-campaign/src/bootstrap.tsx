/**
 * Standalone page of mf-campaign: same tokens, runtime config and session as the composed page, then
 * the exposed component alone.
 */
import '@need40/shared/tokens.css';
import { mountStandalone } from '@need40/shared/standalone';
import Campaign from './app/Campaign';

void mountStandalone('mf-campaign', <Campaign />);
