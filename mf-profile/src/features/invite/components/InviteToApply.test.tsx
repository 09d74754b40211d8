import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { InviteToApply } from './InviteToApply';

const supabase = fakeSupabase();
const props = { viewerId: 'poster-1', workerId: 'worker-1', workerName: 'Grace Hopper' };

describe('Invite to apply', () => {
  beforeEach(() => supabase.reset());

  it('offers the poster\'s open gigs and sends the invitation for the one chosen', async () => {
    supabase.answer('gigs', { data: [{ id: 'g1', title: 'Logo' }, { id: 'g2', title: 'Website' }] });
    supabase.answer('rpc:invite_to_apply', { data: { id: 'i1' } });
    const user = userEvent.setup();
    render(<InviteToApply {...props} />);
    await user.click(screen.getByRole('button', { name: 'Invite to apply' }));
    const form = await screen.findByRole('form', { name: 'Invite Grace Hopper to apply' });
    expect(supabase.calls).toContainEqual(['eq', 'user_id', 'poster-1']);
    expect(supabase.calls).toContainEqual(['eq', 'status', 'active']);
    await user.selectOptions(within(form).getByLabelText('Your open gig'), 'g2');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent: Grace Hopper will see it on the page of "Website".')).toBeInTheDocument();
    expect(supabase.calls).toContainEqual(['rpc', 'invite_to_apply', { p_gig_id: 'g2', p_worker_id: 'worker-1' }]);
  });

  it('shows the database\'s refusal in its words, and a link to post a gig when there is none open', async () => {
    supabase.answer('gigs', { data: [{ id: 'g1', title: 'Logo' }] }, { data: [] });
    supabase.answer('rpc:invite_to_apply', { error: { code: '23505', message: 'You have already invited this member to this gig' }, status: 409 });
    const user = userEvent.setup();
    render(<InviteToApply {...props} />);
    await user.click(screen.getByRole('button', { name: 'Invite to apply' }));
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already invited this member to this gig');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Invite to apply' }));
    expect(await screen.findByRole('link', { name: 'Post a gig' })).toHaveAttribute('href', '#post-gig');
  });

  it('a failed read of the gigs says so, with Retry', async () => {
    supabase.answer('gigs', { error: { message: 'TypeError: Failed to fetch' }, status: 0 }, { data: [{ id: 'g1', title: 'Logo' }] });
    const user = userEvent.setup();
    render(<InviteToApply {...props} />);
    await user.click(screen.getByRole('button', { name: 'Invite to apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Can't reach Need40 right now");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Invite Grace Hopper to apply' })).toBeInTheDocument();
  });
});
