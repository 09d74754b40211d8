import { describe, expect, it } from 'vitest';
import { gigFromRow, gigInsertFromForm, profileFromRow, profileToRow } from './mapping';
import type { GigRow, ProfileRow } from './types';

describe('gig mapping', () => {
  it('maps a row with its joined profile to a card', () => {
    const row: GigRow = {
      id: 'g1', user_id: 'u1', title: 'T', description: 'D', payment_type: 'hourly', rate: 45, hours: 10,
      location: 'remote', skills: ['a'], worker_rate: null, platform_fee: null, payment_id: null, status: 'active',
      created_at: '2024-04-08T00:00:00Z', profiles: { username: 'ada', avatar_url: null },
    };
    expect(gigFromRow(row)).toMatchObject({ paymentType: 'hourly', rate: 45, poster: { username: 'ada', avatarUrl: null }, postedDate: row.created_at });
  });

  it('turns the form into an insert with trimmed skills, user_id and created_at (SPEC §3)', () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const insert = gigInsertFromForm(
      { title: ' Logo ', description: 'Design', paymentType: 'fixed', rate: '250', hours: '6', location: 'hybrid', skills: 'figma,  branding ,' },
      'user-1', now,
    );
    expect(insert).toEqual({
      title: 'Logo', description: 'Design', payment_type: 'fixed', rate: 250, hours: 6, location: 'hybrid',
      skills: ['figma', 'branding'], user_id: 'user-1', created_at: '2026-01-02T03:04:05.000Z',
    });
  });
});

describe('profile mapping', () => {
  const row: ProfileRow = {
    id: 'u1', username: 'ada', avatar_url: null, full_name: 'Ada Lovelace', title: 'Engineer', bio: 'Hi',
    skills: ['math'], hourly_rate: 90, hours_per_week: 20, preferred_hours: ['mornings'], timezone: 'UTC',
    experience: [{ title: 'Analyst', company: 'Engine', startDate: '1842', endDate: '1843', description: '' }],
    portfolio: ['https://example.com'], contact_email: 'ada@example.com', contact_phone: null,
    linkedin_url: 'https://linkedin.com/in/ada', github_url: null,
  };
  it('nests availability and contact info as the spec describes', () => {
    const p = profileFromRow(row);
    expect(p.availability).toEqual({ hoursPerWeek: 20, preferredHours: ['mornings'], timezone: 'UTC' });
    expect(p.contactInfo).toEqual({ email: 'ada@example.com', phone: '', linkedin: 'https://linkedin.com/in/ada', github: '' });
  });
  it('round-trips through the row shape', () => {
    const back = profileToRow(profileFromRow(row));
    const { id: _id, username: _u, avatar_url: _a, ...rest } = row;
    expect(back).toEqual(rest);
  });
});
