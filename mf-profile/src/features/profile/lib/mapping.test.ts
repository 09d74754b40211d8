import { describe, expect, it } from 'vitest';
import type { ProfileRow } from '../api/queries';
import { profileFromRow, profileToRow } from './mapping';

describe('profile mapping', () => {
  const row: ProfileRow = {
    id: 'u1', username: 'ada', avatar_url: null, full_name: 'Ada Lovelace', title: 'Engineer', bio: 'Hi',
    skills: ['math'], hourly_rate: 90, hours_per_week: 20, preferred_hours: ['mornings'], timezone: 'UTC', available_for_work: true,
    experience: [{ title: 'Analyst', company: 'Engine', startDate: '1842', endDate: '1843', description: '' }],
    portfolio: ['https://example.com'], contact_email: 'ada@example.com', contact_phone: null,
    linkedin_url: 'https://linkedin.com/in/ada', github_url: null, created_at: '2024-03-01T10:00:00Z', updated_at: '2024-03-01T10:00:00Z',
  };
  it('nests availability and contact info', () => {
    const p = profileFromRow(row);
    expect(p.availability).toEqual({ hoursPerWeek: 20, preferredHours: ['mornings'], timezone: 'UTC' });
    expect(p.availableForWork).toBe(true);
    expect(p.contactInfo).toEqual({ email: 'ada@example.com', phone: '', linkedin: 'https://linkedin.com/in/ada', github: '' });
  });
  it('round-trips through the row shape', () => {
    const back = profileToRow(profileFromRow(row));
    const { id: _id, username: _u, avatar_url: _a, created_at: _c, updated_at: _up, ...rest } = row;
    expect(back).toEqual(rest);
  });
});
