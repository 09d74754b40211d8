import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MESSAGES, uiStore } from '@need40/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUi, signIn, signOutForTest } from '../../../test/fixtures';
import { insertGig } from '../api/insertGig';
import { SLOW_AFTER_MS, SLOW_TEXT } from '@need40/ui';
import { POSTED_NOTE, PostGigForm, SEE_POSTED, TERMS_NOTE } from './PostGigForm';

vi.mock('../api/insertGig', async (original) => ({ ...(await original<object>()), insertGig: vi.fn() }));
const insert = vi.mocked(insertGig);

const form = () => within(screen.getByRole('region', { name: 'Post Your Gig' }));

/** Pastes each text (one input event per field, so a loaded machine stays within the test timeout). */
async function fillAll(user: UserEvent) {
  const put = async (label: string, text: string) => {
    await user.click(form().getByLabelText(label));
    await user.paste(text);
  };
  await put('Title', 'Logo design');
  await put('Description', 'A logo for a bakery');
  await user.selectOptions(form().getByLabelText('Payment type'), 'fixed');
  await put('Rate ($ total)', '250');
  await put('Estimated hours', '6');
  await user.selectOptions(form().getByLabelText('Location'), 'hybrid');
  await put('Skills', 'figma,  branding ,');
}

const filled = { title: 'Logo design', description: 'A logo for a bakery', paymentType: 'fixed', rate: '250', hours: '6', location: 'hybrid', skills: 'figma,  branding ,' };

describe('Post Your Gig', () => {
  beforeEach(() => {
    insert.mockReset();
    resetUi();
  });
  afterEach(() => signOutForTest());

  it('has every field, hourly by default, and the terms note under the form', () => {
    render(<PostGigForm />);
    expect(screen.getByRole('heading', { name: 'Post Your Gig' })).toBeInTheDocument();
    expect(form().getByLabelText('Payment type')).toHaveValue('hourly');
    expect(form().getByLabelText('Rate ($ per hour)')).toHaveValue(null);
    expect(form().getByLabelText('Location')).toHaveValue('');
    expect(within(form().getByRole('combobox', { name: 'Location' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a location', 'Remote', 'Onsite', 'Hybrid',
    ]);
    for (const label of ['Title', 'Description', 'Estimated hours', 'Skills']) {
      expect(form().getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    const note = screen.getByText(TERMS_NOTE);
    expect(note).toHaveTextContent('By posting a gig, you agree to our Terms of Service and Privacy Policy.');
    // Under the form: after it in reading order, not inside it.
    const formElement = screen.getByRole('button', { name: MESSAGES.loginToPostGig }).closest('form')!;
    expect(formElement).not.toContainElement(note);
    expect(formElement.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('signed out: the button reads "Login to Post Gig" and submitting opens the login modal instead', async () => {
    const user = userEvent.setup();
    render(<PostGigForm />);
    await user.type(form().getByLabelText('Title'), 'Logo design');
    await user.click(screen.getByRole('button', { name: MESSAGES.loginToPostGig }));
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login' });
    expect(insert).not.toHaveBeenCalled();
    expect(form().getByLabelText('Title')).toHaveValue('Logo design');
  });

  it('signed in: "Post Gig"; an empty submit shows each field error, tied to its field, and focuses the first', async () => {
    signIn();
    const user = userEvent.setup();
    render(<PostGigForm />);
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    const expected: [string, string][] = [
      ['Title', 'Title is required'],
      ['Description', 'Description is required'],
      ['Rate ($ per hour)', 'Rate is required'],
      ['Estimated hours', 'Estimated hours are required'],
      ['Location', 'Location is required'],
      ['Skills', 'At least one skill is required'],
    ];
    for (const [label, message] of expected) {
      const field = form().getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(form().getByLabelText('Title')).toHaveFocus();
    expect(insert).not.toHaveBeenCalled();
    await user.type(form().getByLabelText('Title'), 'x');
    expect(form().getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });

  it('rejects a rate or hours that is not a positive number', async () => {
    signIn();
    const user = userEvent.setup();
    render(<PostGigForm />);
    await user.type(form().getByLabelText('Rate ($ per hour)'), '0');
    await user.type(form().getByLabelText('Estimated hours'), '-2');
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    expect(screen.getByText('Rate must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Hours must be a positive number')).toBeInTheDocument();
  });

  it('signed in: posts the gig, clears the form, tells the grid to refresh and says so', async () => {
    signIn('user-7');
    insert.mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<PostGigForm />);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    expect(insert).toHaveBeenCalledWith(filled, 'user-7', expect.stringMatching(/^[0-9a-f-]{36}$/), expect.any(AbortSignal));
    // The confirmation takes focus and links to the new gig's page (the id the insert was given).
    const posted = await screen.findByText(POSTED_NOTE, { exact: false });
    expect(posted).toHaveFocus();
    expect(within(posted).getByRole('link', { name: SEE_POSTED })).toHaveAttribute('href', `#gig/${insert.mock.calls[0]![2]}`);
    expect(uiStore.getState().gigsVersion).toBe(1);
    expect(form().getByLabelText('Title')).toHaveValue('');
    expect(form().getByLabelText('Skills')).toHaveValue('');
    expect(form().getByLabelText('Payment type')).toHaveValue('hourly');
  });

  it('reads "Posting..." while the insert is on its way and ignores a second submit', async () => {
    signIn();
    insert.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    render(<PostGigForm />);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    const busy = screen.getByRole('button', { name: 'Posting...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it('a failed insert is logged, says what happened and what to do, keeps everything typed and can be sent again', async () => {
    signIn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    insert.mockRejectedValueOnce({ message: 'TypeError: Failed to fetch', code: '' }).mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    render(<PostGigForm />);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Your gig was not posted: Need40 can't be reached right now. Check your connection and press Post Gig again");
    expect(error).toHaveBeenCalledWith('[mf-gigs] could not post the gig', { message: 'TypeError: Failed to fetch', code: '' });
    expect(form().getByLabelText('Title')).toHaveValue('Logo design');
    expect(form().getByLabelText('Skills')).toHaveValue('figma,  branding ,');
    expect(uiStore.getState().gigsVersion).toBe(0);
    const button = screen.getByRole('button', { name: 'Post Gig' });
    expect(button).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(await screen.findByText(POSTED_NOTE, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(insert).toHaveBeenCalledTimes(2);
    // Both attempts were one submission: the same id, so the database can only ever keep one gig.
    expect(insert.mock.calls[1]![2]).toBe(insert.mock.calls[0]![2]);
  });

  it('an attempt refused as a copy (23505: an earlier one got through) counts as posted', async () => {
    signIn();
    insert.mockRejectedValue({ code: '23505', message: 'duplicate key value violates unique constraint "gigs_pkey"' });
    const user = userEvent.setup();
    render(<PostGigForm />);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    expect(await screen.findByText(POSTED_NOTE, { exact: false })).toBeInTheDocument();
    expect(uiStore.getState().gigsVersion).toBe(1);
  });

  it('a slow insert says so and offers Retry (the same gig again) and Cancel (the form as typed)', async () => {
    signIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      insert.mockReturnValue(new Promise(() => {}));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<PostGigForm />);
      await fillAll(user);
      await user.click(screen.getByRole('button', { name: 'Post Gig' }));
      expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      expect(screen.getByText(SLOW_TEXT, { exact: false })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(insert).toHaveBeenCalledTimes(2);
      expect(insert.mock.calls[1]![2]).toBe(insert.mock.calls[0]![2]);
      expect((insert.mock.calls[0]![3] as AbortSignal).aborted).toBe(true);
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Post Gig' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
      expect(form().getByLabelText('Title')).toHaveValue('Logo design');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a session that ended: says to log in again and offers a Log in button', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    insert.mockRejectedValue({ message: 'JWT expired', code: 'PGRST301' });
    const user = userEvent.setup();
    render(<PostGigForm />);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your gig was not posted because your session has ended. Log in again');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login' });
  });

  it('enforces the database limits with field messages before sending anything', async () => {
    signIn();
    const user = userEvent.setup();
    render(<PostGigForm />);
    await fillAll(user);
    await user.click(form().getByLabelText('Title'));
    await user.paste('x'.repeat(200));
    await user.clear(form().getByLabelText('Rate ($ total)'));
    await user.type(form().getByLabelText('Rate ($ total)'), '1e15');
    await user.clear(form().getByLabelText('Estimated hours'));
    await user.type(form().getByLabelText('Estimated hours'), '100001');
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    expect(form().getByLabelText('Title')).toHaveAccessibleDescription('Title must be at most 200 characters (you have 211)');
    expect(form().getByLabelText('Rate ($ total)')).toHaveAccessibleDescription('Rate must be at most $1,000,000');
    expect(form().getByLabelText('Estimated hours')).toHaveAccessibleDescription('Hours must be at most 100,000');
    expect(form().getByLabelText('Title')).toHaveFocus();
    expect(insert).not.toHaveBeenCalled();
    await user.clear(form().getByLabelText('Rate ($ total)'));
    await user.type(form().getByLabelText('Rate ($ total)'), '19.999');
    await user.click(screen.getByRole('button', { name: 'Post Gig' }));
    expect(form().getByLabelText('Rate ($ total)')).toHaveAccessibleDescription('Rate can have at most two decimals (cents)');
    expect(insert).not.toHaveBeenCalled();
  });
});
