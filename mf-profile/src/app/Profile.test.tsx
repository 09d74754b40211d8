import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { worded } from '@need40/ui';
import { getProfile } from '../features/profile/api/getProfile';
import { updateProfile } from '../features/profile/api/updateProfile';
import { aProfile } from '../test/profiles';
import Profile from './Profile';

vi.mock('../features/profile/api/getProfile', () => ({ getProfile: vi.fn(), LOAD_FAILED: 'Failed to load profile' }));
vi.mock('../features/profile/api/updateProfile', () => ({ updateProfile: vi.fn(), SAVE_FAILED: 'Failed to save profile' }));
// The email setting under My Profile has its own tests (ProfileSettings.test.tsx): here it only waits.
vi.mock('../features/notifications/api/emailPreference', async (original) => ({ ...(await original<object>()), getEmailPreferences: () => new Promise(() => {}), saveEmailPreferences: () => new Promise(() => {}) }));
const get = vi.mocked(getProfile);
const update = vi.mocked(updateProfile);

describe('Profile: loading and load failure', () => {
  beforeEach(() => {
    get.mockReset();
    update.mockReset();
  });

  it('shows "Loading profile..." while loading, for the given user id', () => {
    get.mockReturnValue(new Promise(() => {}));
    render(<Profile userId="user-1" editable />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    expect(get).toHaveBeenCalledWith('user-1');
  });

  it('replaces the profile view with the error message on a load failure, and Retry loads again', async () => {
    get.mockImplementationOnce(async () => {
      throw worded('Failed to load profile');
    });
    get.mockResolvedValueOnce(aProfile());
    const user = userEvent.setup();
    render(<Profile userId="user-1" editable />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load profile');
    expect(screen.queryByRole('heading', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('uses "Failed to load profile" when the failure has no message', async () => {
    get.mockImplementation(async () => {
      throw undefined;
    });
    render(<Profile userId="user-1" editable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile');
  });
});

describe('Profile: view mode', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it('shows every field of the profile', async () => {
    get.mockResolvedValue(aProfile());
    render(<Profile userId="user-1" editable />);

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('Analyst')).toBeInTheDocument();
    expect(screen.getByText('Hourly rate').nextSibling).toHaveTextContent('$45/hr');
    expect(screen.getByText('Hours per week').nextSibling).toHaveTextContent('20');
    for (const title of ['About Me', 'Skills', 'Experience', 'Availability', 'Portfolio', 'Contact Information']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('I write programs for engines.')).toBeInTheDocument();
    expect(screen.getByText('Mathematics')).toBeInTheDocument();
    expect(screen.getByText('Poetry')).toBeInTheDocument();
    const experience = screen.getByRole('heading', { name: 'Experience' }).closest('section')!;
    expect(within(experience).getByRole('listitem')).toHaveTextContent('Translator at Babbage & Co');
    expect(screen.getByText('1842 – 1843')).toBeInTheDocument();
    expect(screen.getByText('Notes on the engine')).toBeInTheDocument();
    expect(screen.getByText('Preferred hours').nextSibling).toHaveTextContent('Weekday mornings');
    expect(screen.getByText('Timezone').nextSibling).toHaveTextContent('Europe/London');
    expect(screen.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute('href', 'https://example.com/notes');
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(screen.getByText('Phone').nextSibling).toHaveTextContent('+44 20 0000');
    const linkedin = screen.getByRole('link', { name: 'LinkedIn profile' });
    expect(linkedin).toHaveAttribute('href', 'https://linkedin.com/in/ada');
    expect(linkedin).toHaveAttribute('target', '_blank');
    expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    const github = screen.getByRole('link', { name: 'GitHub profile' });
    expect(github).toHaveAttribute('href', 'https://github.com/ada');
    expect(github).toHaveAttribute('target', '_blank');
    expect(github).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows script links as text, never as links', async () => {
    get.mockResolvedValue(
      aProfile({
        portfolio: ['javascript:alert(1)'],
        contactInfo: { email: '', phone: '', linkedin: 'javascript:alert(2)', github: 'data:text/html,<script>alert(3)</script>' },
      }),
    );
    render(<Profile userId="user-1" editable />);
    expect(await screen.findByText('javascript:alert(1)')).not.toHaveAttribute('href');
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(screen.getByText('LinkedIn profile').closest('a')).toBeNull();
    expect(screen.getByText('GitHub profile').closest('a')).toBeNull();
    // The only links left are the page's own: the public profile and the money page.
    expect(screen.queryAllByRole('link').map((a) => a.textContent)).toEqual(['View public profile', 'See your earnings and spending']);
  });

  it('shows "Not added yet" for empty parts', async () => {
    get.mockResolvedValue(aProfile({ skills: [], bio: '', portfolio: [] }));
    render(<Profile userId="user-1" editable />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    const skills = screen.getByRole('heading', { name: 'Skills' }).closest('section')!;
    expect(within(skills).getByText('Not added yet')).toBeInTheDocument();
  });

  it('has no Edit Profile button when not editable', async () => {
    get.mockResolvedValue(aProfile());
    render(<Profile userId="user-1" editable={false} />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });
});
