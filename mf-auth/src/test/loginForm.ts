import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types the email and password into the open login dialog and presses Log In. */
export async function submitLogin(user: UserEvent, dialog: ReturnType<typeof within>, password = 'secret123', email = 'ada@example.com'): Promise<void> {
  await user.type(dialog.getByLabelText('Email'), email);
  await user.type(dialog.getByLabelText('Password'), password);
  await user.click(dialog.getByRole('button', { name: 'Log In' }));
}
