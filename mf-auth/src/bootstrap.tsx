/**
 * Standalone page of mf-auth: same tokens, runtime config and session as the composed page, then
 * the exposed AuthModal (the frame's button opens it).
 */
import '@need40/shared/tokens.css';
import { mountStandalone } from '@need40/shared/standalone';
import AuthModal from './app/AuthModal';

void mountStandalone('mf-auth', <AuthModal />);
