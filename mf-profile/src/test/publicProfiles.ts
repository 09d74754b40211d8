import type { PublicProfile } from '../features/public-profile/types';

/** Another member's complete public profile, for tests. */
export function aPublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: '2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11',
    name: 'Grace Hopper',
    avatarUrl: null,
    title: 'Compiler engineer',
    bio: 'I find bugs, sometimes literal ones.',
    skills: ['COBOL', 'Teaching'],
    hourlyRate: 25.5,
    experience: [{ title: 'Rear admiral', company: 'US Navy', startDate: '1943', endDate: '1986', description: 'Programming' }],
    portfolio: ['https://example.com/cobol'],
    linkedin: 'https://linkedin.com/in/grace',
    github: '',
    memberSince: '2024-03-05T10:00:00Z',
    rating: { average: 4.5, count: 2 },
    reviews: [{ id: 'r1', rating: 5, body: 'Fixed it in an afternoon.', createdAt: '2024-04-01T10:00:00Z', reviewerName: 'Ada Lovelace', gig: { id: 'gig-9', title: 'Fix the COBOL build' } }],
    completedGigs: 3,
    availableForWork: true,
    openGigs: [{ id: 'gig-1', createdAt: '2024-04-02T10:00:00Z', title: 'Teach a COBOL workshop', paymentType: 'fixed', rate: 600 }],
    moreReviews: false,
    moreOpenGigs: false,
    contact: null,
    ...overrides,
  };
}
