import type { Profile } from '../features/profile/types';

/** A complete profile for tests. */
export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    username: 'ada',
    avatarUrl: null,
    fullName: 'Ada Lovelace',
    title: 'Analyst',
    bio: 'I write programs for engines.',
    skills: ['Mathematics', 'Poetry'],
    hourlyRate: 45,
    availability: { hoursPerWeek: 20, preferredHours: ['Weekday mornings'], timezone: 'Europe/London' },
    availableForWork: false,
    experience: [{ title: 'Translator', company: 'Babbage & Co', startDate: '1842', endDate: '1843', description: 'Notes on the engine' }],
    portfolio: ['https://example.com/notes'],
    contactInfo: { email: 'ada@example.com', phone: '+44 20 0000', linkedin: 'https://linkedin.com/in/ada', github: 'https://github.com/ada' },
    ...overrides,
  };
}

/** The same profile with nothing filled in (a new account). */
export function anEmptyProfile(): Profile {
  return aProfile({
    fullName: '',
    title: '',
    bio: '',
    skills: [],
    hourlyRate: null,
    availability: { hoursPerWeek: null, preferredHours: [], timezone: '' },
    availableForWork: false,
    experience: [],
    portfolio: [],
    contactInfo: { email: '', phone: '', linkedin: '', github: '' },
  });
}
