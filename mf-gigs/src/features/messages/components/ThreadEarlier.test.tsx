import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOutForTest } from '../../../test/fixtures';
import { fetchThread, THREAD_PAGE, type Message } from '../api/messages';
import { Thread } from './Thread';
import { fakeSupabase } from '@need40/shared/testing';

const supabase = fakeSupabase();
vi.mock('../api/messages', async (original) => ({ ...(await original<object>()), fetchThread: vi.fn(), markThreadRead: vi.fn(async () => undefined) }));

const thread = vi.mocked(fetchThread);
/** Message i of a long thread, a minute apart, alternating writers. */
const msg = (i: number): Message => ({ id: `m${String(i).padStart(3, '0')}`, sender_id: i % 2 ? 'poster-1' : 'worker-1', body: `Message ${i}`, created_at: new Date(Date.UTC(2024, 3, 9, 12, i)).toISOString() });
/** Messages from..to-1, oldest first, as fetchThread answers. */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => msg(from + k));

beforeEach(() => {
  vi.clearAllMocks();
  supabase.reset();
  act(() => signIn('worker-1'));
});
afterEach(() => act(() => signOutForTest()));

const show = () => render(<Thread applicationId="a1" userId="worker-1" otherName="Ada Lovelace" status="applied" />);
const list = () => screen.getByRole('list', { name: 'Messages with Ada Lovelace' });

describe('a long thread', () => {
  it('shows the newest page; Load earlier messages adds the page before it, announced, until the start', async () => {
    // 120 messages: the newest page (one extra says earlier ones exist), then two earlier pages.
    thread.mockResolvedValueOnce(range(120 - THREAD_PAGE - 1, 120)).mockResolvedValueOnce(range(120 - 2 * THREAD_PAGE - 1, 120 - THREAD_PAGE)).mockResolvedValueOnce(range(0, 20));
    const user = userEvent.setup();
    show();
    expect(await screen.findByText('Message 119')).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(THREAD_PAGE);
    expect(screen.queryByText('Message 69')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Message 20')).toBeInTheDocument();
    expect(thread).toHaveBeenLastCalledWith('a1', msg(120 - THREAD_PAGE));
    expect(screen.getByText('50 earlier messages shown.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load earlier messages' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Message 0')).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(120);
    expect(within(list()).getAllByRole('listitem')[0]).toHaveTextContent('Message 0');
    expect(screen.getByText('20 earlier messages shown, from the start of the conversation.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    expect(list()).toHaveFocus();
  });

  it('a failed earlier page keeps the messages, says so, and the button tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    thread
      .mockResolvedValueOnce(range(100 - THREAD_PAGE - 1, 100))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(range(0, 50));
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load earlier messages. Check your connection and try again.');
    expect(screen.getByText('Message 99')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Message 0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a short thread offers no earlier messages', async () => {
    thread.mockResolvedValueOnce(range(0, 3));
    show();
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });
});
