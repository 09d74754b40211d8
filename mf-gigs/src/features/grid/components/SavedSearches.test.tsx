import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSupabase } from '@need40/shared/testing';
import { signIn, signOutForTest } from '../../../test/fixtures';
import SavedSearches, { ALERT_NOTE } from './SavedSearches';

const supabase = fakeSupabase();
const filters = { search: 'logo', skills: ['figma'], minRate: 100 };

describe('saved searches', () => {
  beforeEach(() => {
    supabase.reset();
    act(() => signIn('worker-1'));
  });

  it('shows nothing to a visitor', () => {
    act(() => signOutForTest());
    const { container } = render(<SavedSearches filters={filters} onApply={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names and saves the current filters, lists saved ones, applies and deletes them', async () => {
    const saved = { id: 's1', name: 'Figma logos', filters: { skills: ['figma'] }, created_at: '2024-05-01T10:00:00Z' };
    supabase.answer('saved_searches', { data: [] }, { data: null, status: 201 }, { data: [saved] }, { data: null, status: 204 }, { data: [] });
    const onApply = vi.fn();
    const user = userEvent.setup();
    render(<SavedSearches filters={filters} onApply={onApply} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const form = screen.getByRole('form', { name: 'Save this search' });
    const name = within(form).getByLabelText('Name of this search');
    expect(name).toHaveValue('logo · from $100 · figma');
    await user.clear(name);
    await user.type(name, 'Figma logos');
    await user.click(within(form).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText(`Saved "Figma logos". ${ALERT_NOTE}`)).toBeInTheDocument();
    expect(supabase.calls).toContainEqual(['insert', { name: 'Figma logos', filters }]);
    await user.click(await screen.findByRole('button', { name: 'Figma logos' }));
    expect(onApply).toHaveBeenCalledWith({ search: '', paymentType: '', location: '', minRate: '', maxRate: '', skills: 'figma' });
    await user.click(screen.getByRole('button', { name: 'Delete saved search Figma logos' }));
    expect(await screen.findByText('Deleted "Figma logos".')).toBeInTheDocument();
    expect(supabase.calls).toContainEqual(['eq', 'id', 's1']);
  });

  it('says why a save was refused (the limit of 10), keeping the form', async () => {
    supabase.answer('saved_searches', { data: [] }, { error: { code: 'PT409', message: 'You can save at most 10 searches: delete one first' }, status: 409 });
    const user = userEvent.setup();
    render(<SavedSearches filters={filters} onApply={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('You can save at most 10 searches: delete one first')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Save this search' })).toBeInTheDocument();
  });

  it('cannot save an empty search', () => {
    supabase.answer('saved_searches', { data: [] });
    render(<SavedSearches filters={{}} onApply={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save this search' })).toBeDisabled();
  });
});
