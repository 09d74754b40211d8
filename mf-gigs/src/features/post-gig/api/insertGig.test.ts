import { beforeEach, describe, expect, it, vi } from 'vitest';

const insert = vi.fn();
const from = vi.fn(() => ({ insert }));
vi.mock('@need40/shared', async (original) => ({ ...(await original<object>()), getSupabase: () => ({ from }) }));

const { insertGig } = await import('./insertGig');

const form = { title: ' Logo ', description: 'Design', paymentType: 'fixed', rate: '250', hours: '6', location: 'hybrid', skills: 'figma,  branding ,' } as const;

describe('inserting a gig', () => {
  beforeEach(() => {
    insert.mockReset();
    from.mockClear();
  });

  it('sends the fields, skills as a trimmed list, user_id and created_at', async () => {
    insert.mockResolvedValue({ error: null });
    await insertGig(form, 'user-1');
    expect(from).toHaveBeenCalledWith('gigs');
    expect(insert).toHaveBeenCalledWith({
      title: 'Logo', description: 'Design', payment_type: 'fixed', rate: 250, hours: 6, location: 'hybrid',
      skills: ['figma', 'branding'], user_id: 'user-1', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("throws the backend's error", async () => {
    insert.mockResolvedValue({ error: { message: 'denied' } });
    await expect(insertGig(form, 'user-1')).rejects.toEqual({ message: 'denied' });
  });
});
