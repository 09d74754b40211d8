import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_MESSAGE, SLOW_AFTER_MS, SLOW_TEXT } from '@need40/ui';
import { signIn, signOutForTest } from '../../../test/fixtures';
import { fetchThread, markThreadRead, sendMessage, type Message } from '../api/messages';
import { MessagesToggle } from './MessagesToggle';
import { resetUnread } from '../stores/unreadStore';
import { fakeSupabase } from '@need40/shared/testing';

const supabase = fakeSupabase();
vi.mock('../api/messages', async (original) => ({
  ...(await original<object>()),
  fetchThread: vi.fn(),
  sendMessage: vi.fn(),
  markThreadRead: vi.fn(async () => undefined),
  fetchUnreadCounts: vi.fn(async () => ({ a1: 2 })),
}));

const thread = vi.mocked(fetchThread);
const send = vi.mocked(sendMessage);
const markRead = vi.mocked(markThreadRead);
const msg = (id: string, sender: string, body: string, at = '2024-04-09T12:00:00Z'): Message => ({ id, sender_id: sender, body, created_at: at });

beforeEach(() => {
  vi.clearAllMocks();
  window.sessionStorage.clear();
  supabase.reset();
  resetUnread();
  act(() => signIn('worker-1'));
});
afterEach(() => act(() => signOutForTest()));

async function openThread(status = 'applied') {
  const user = userEvent.setup();
  const view = render(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status={status} watch />);
  await user.click(await screen.findByRole('button', { name: 'Messages (2 new) with Ada Lovelace' }));
  return { user, view };
}

describe('a thread', () => {
  it('says while it loads, then lists who wrote what, and marks the thread read', async () => {
    let resolve: (m: Message[]) => void = () => undefined;
    thread.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    await openThread();
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages...');
    await act(async () => resolve([msg('m1', 'poster-1', 'Can you start Monday?'), msg('m2', 'worker-1', 'Yes, I can.', '2024-04-09T12:05:00Z')]));
    const items = within(screen.getByRole('list', { name: 'Messages with Ada Lovelace' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace');
    expect(items[0]).toHaveTextContent('Can you start Monday?');
    expect(items[1]).toHaveTextContent('You');
    expect(items[1]).toHaveTextContent('Yes, I can.');
    expect(markRead).toHaveBeenCalledWith('a1');
    expect(screen.getByRole('button', { name: 'Hide messages with Ada Lovelace' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('still shows the thread when marking it read fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    markRead.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    thread.mockResolvedValue([msg('m1', 'poster-1', 'Hello')]);
    await openThread();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('[mf-gigs] could not mark the thread read', expect.any(TypeError)));
  });

  it('is empty with a next step, and closed threads cannot be written to', async () => {
    thread.mockResolvedValue([]);
    const { user, view } = await openThread();
    expect(await screen.findByText('No messages yet. Write the first one to Ada Lovelace.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBeRequired();
    view.unmount();
    await openThread('declined');
    expect(await screen.findByText('This conversation is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    void user;
  });

  it('opens on arrival when the address leads to it, its button focused', async () => {
    thread.mockResolvedValue([msg('m1', 'poster-1', 'Hello')]);
    const view = render(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status="applied" open />);
    const button = screen.getByRole('button', { name: 'Hide messages with Ada Lovelace' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveFocus();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    // Shown closed, then the address changes to this thread: it opens.
    view.unmount();
    const later = render(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status="applied" />);
    expect(screen.getByRole('button', { name: /^Messages/ })).toHaveAttribute('aria-expanded', 'false');
    later.rerender(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status="applied" open />);
    expect(screen.getByRole('button', { name: 'Hide messages with Ada Lovelace' })).toHaveFocus();
  });

  it('says when it could not load, and Try again reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    thread.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce([msg('m1', 'poster-1', 'Hello')]);
    const { user } = await openThread();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the messages. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });
});

describe('the composer', () => {
  beforeEach(() => thread.mockResolvedValue([]));

  it('asks for a message; Enter sends and clears, Shift+Enter adds a line, Ctrl+Enter sends', async () => {
    send.mockResolvedValueOnce(msg('m1', 'worker-1', 'Hello there')).mockResolvedValueOnce(msg('m2', 'worker-1', 'Line one\nLine two', '2024-04-09T12:01:00Z'));
    const { user } = await openThread();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
    await user.type(box, 'Hello there{Enter}');
    expect(send).toHaveBeenCalledWith('a1', 'Hello there', null, expect.any(String), expect.any(AbortSignal));
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(box).toHaveValue('');
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(screen.getByText('17 / 2000 characters', { exact: false })).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(send).toHaveBeenLastCalledWith('a1', 'Line one\nLine two', null, expect.any(String), expect.any(AbortSignal));
    expect(send.mock.calls[1]![3]).not.toBe(send.mock.calls[0]![3]);
    expect(await screen.findByText('Line two', { exact: false })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('keeps what is being written across a reload (a draft per member and thread), and forgets it once sent', async () => {
    send.mockResolvedValueOnce(msg('m1', 'worker-1', 'Half a thought'));
    const first = await openThread();
    await first.user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Half a thought');
    first.view.unmount();
    // Back after a reload: the thread opens by itself on the half-written message.
    const user = userEvent.setup();
    render(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status="applied" watch />);
    expect(screen.getByRole('button', { name: 'Hide messages with Ada Lovelace' })).toHaveAttribute('aria-expanded', 'true');
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(box).toHaveValue('Half a thought');
    await user.type(box, '{Enter}');
    expect(await screen.findByText('Half a thought', { selector: 'p' })).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a slow send says so; Retry sends the same message again (one id, never twice), Cancel keeps the draft', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      send.mockReturnValue(new Promise(() => {}));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status="applied" watch />);
      await user.click(await screen.findByRole('button', { name: 'Messages (2 new) with Ada Lovelace' }));
      await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Are you there?{Enter}');
      expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      expect(screen.getByText(SLOW_TEXT, { exact: false })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(send).toHaveBeenCalledTimes(2);
      expect(send.mock.calls[1]![3]).toBe(send.mock.calls[0]![3]);
      expect((send.mock.calls[0]![4] as AbortSignal).aborted).toBe(true);
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('Are you there?');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a retried send with a file names one object: the retry finds the first upload there (409) and sends that one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const from = vi.spyOn(supabase.client.storage, 'from');
    try {
      // The first upload got through but its answer never comes; storage answers the retry's upload of the same key with 409.
      const uploads: string[] = [];
      from.mockImplementation(() => ({
        upload: (path: string) => {
          uploads.push(path);
          return uploads.length === 1 ? new Promise(() => {}) : Promise.resolve({ data: null, error: { statusCode: '409', message: 'The resource already exists' } });
        },
      }) as never);
      send.mockResolvedValueOnce(msg('m1', 'worker-1', 'The plan'));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<MessagesToggle applicationId="a1" otherName="Ada Lovelace" about="with Ada Lovelace" status="applied" watch />);
      await user.click(await screen.findByRole('button', { name: 'Messages (2 new) with Ada Lovelace' }));
      await user.upload(await screen.findByLabelText('Attach a file (optional)'), new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
      await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'The plan{Enter}');
      act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      expect(uploads).toHaveLength(2);
      expect(uploads[1]).toBe(uploads[0]);
      const id = send.mock.calls[0]![3];
      expect(uploads[0]).toBe(`a1/worker-1/${id}-plan.pdf`);
      expect(send).toHaveBeenCalledWith('a1', 'The plan', uploads[0], id, expect.any(AbortSignal));
      expect(await screen.findByText('The plan', { selector: 'p' })).toBeInTheDocument();
    } finally {
      from.mockRestore();
      vi.useRealTimers();
    }
  });

  it('an upload refused for another reason still fails the send, the draft kept', async () => {
    supabase.answer('storage:attachments.upload', { error: { statusCode: '413', message: 'The object exceeded the maximum allowed size' } });
    const { user } = await openThread();
    await user.upload(await screen.findByLabelText('Attach a file (optional)'), new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'The plan{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message could not be sent. Check your connection and try again.');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('The plan');
  });

  it("keeps the draft when sending fails, in the database's words or a plain one", async () => {
    send.mockRejectedValueOnce({ code: 'N4005', message: 'This conversation is closed' }).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = await openThread();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Are you there?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This conversation is closed');
    expect(box).toHaveValue('Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_MESSAGE);
    expect(box).toHaveValue('Are you there?');
  });
});

describe('live', () => {
  beforeEach(() => thread.mockResolvedValue([]));

  it('shows new messages without reload, announces them politely, and marks them read', async () => {
    await openThread();
    const live = supabase.channelFor('thread:a1');
    await screen.findByText(/No messages yet/);
    markRead.mockClear();
    act(() => live.change('application_messages', msg('m9', 'poster-1', 'Welcome aboard')));
    expect(await screen.findByText('Welcome aboard')).toBeInTheDocument();
    expect(screen.getByText('New message from Ada Lovelace: Welcome aboard')).toHaveAttribute('aria-live', 'polite');
    expect(markRead).toHaveBeenCalledWith('a1');
  });

  it('re-reads the thread after a reconnect, and tracks presence', async () => {
    await openThread();
    const live = supabase.channelFor('thread:a1');
    await screen.findByText(/No messages yet/);
    thread.mockResolvedValueOnce([msg('m3', 'poster-1', 'Sent while you were away')]);
    act(() => live.subscribed());
    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument();
    expect(live.tracked).toEqual([{ user_id: 'worker-1' }]);
    // A private channel: only the application's two parties may join it (realtime.messages policies).
    expect(live.options).toMatchObject({ config: { private: true, presence: { key: 'worker-1' } } });
  });

  it('shows when the other party is online and typing, and tells them when this one types', async () => {
    const { user } = await openThread();
    const live = supabase.channelFor('thread:a1');
    act(() => live.subscribed());
    act(() => live.syncPresence({ 'worker-1': [{}], 'poster-1': [{}] }));
    expect(await screen.findByText('Ada Lovelace is online')).toBeInTheDocument();
    act(() => live.broadcast('typing', { user_id: 'poster-1' }));
    expect(screen.getByText('Ada Lovelace is typing…')).toBeInTheDocument();
    const typing = { type: 'broadcast', event: 'typing', payload: { user_id: 'worker-1' } };
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(box, 'Hi');
    expect(live.sent).toEqual([typing]);
    // Sending ends the burst: the next keystroke is signalled at once.
    send.mockResolvedValueOnce(msg('m5', 'worker-1', 'Hi'));
    await user.type(box, '{Enter}');
    await screen.findByText('Hi', { selector: 'p' });
    await user.type(box, 'O');
    expect(live.sent).toEqual([typing, typing]);
  });

  it('unsubscribes when closed, and opens nothing when signed out', async () => {
    const { user } = await openThread();
    const live = supabase.channelFor('thread:a1');
    await user.click(screen.getByRole('button', { name: /Hide messages/ }));
    expect(live.closed).toBe(true);
    act(() => signOutForTest());
    expect(screen.queryByRole('button', { name: /Messages/ })).not.toBeInTheDocument();
    expect(supabase.channels.every((c) => c.closed)).toBe(true);
  });
});
