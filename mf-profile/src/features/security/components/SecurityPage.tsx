import { AuthenticatorSection } from './AuthenticatorSection';
import { EmailSection } from './EmailSection';
import { PasskeySection } from './PasskeySection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';

/**
 * The member's sign-in and security settings under My Profile, loaded only when opened (a chunk of
 * its own): password, email, authenticator app, passkeys and sessions. Everything goes through the
 * auth server (supabase-js), except the list of sessions, which the app's SQL reads (my_sessions()).
 */
export default function SecurityPage() {
  return (
    <>
      <PasswordSection />
      <EmailSection />
      <AuthenticatorSection />
      <PasskeySection />
      <SessionsSection />
    </>
  );
}
