/**
 * Standalone page of mf-admin: same tokens, runtime config and session as the composed page, then
 * the console (every read and action is refused by the database unless the member is an operator).
 */
import '@need40/shared/tokens.css';
import { mountStandalone } from '@need40/shared/standalone';
import Console from './app/Console';

void mountStandalone('mf-admin', <Console />);
