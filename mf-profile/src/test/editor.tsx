import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import Profile from '../app/Profile';
import { getProfile } from '../features/profile/api/getProfile';
import type { Profile as ProfileData } from '../features/profile/types';
import { aProfile } from './profiles';

/**
 * My Profile opened in edit mode for `profile` (the test file mocks getProfile). Returns the user
 * that clicked Edit Profile.
 */
export async function openEditor(profile: ProfileData = aProfile()): Promise<UserEvent> {
  vi.mocked(getProfile).mockResolvedValue(profile);
  const user = userEvent.setup();
  render(<Profile userId="user-1" editable />);
  await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
  return user;
}

/** Clears the labelled field and types `value` (nothing when empty). */
export async function retype(user: UserEvent, label: string, value: string): Promise<void> {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}
