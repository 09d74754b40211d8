import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, uiStore } from '@need40/shared';
import { fakeSupabase } from '@need40/shared/testing';
import { ConnectionBanner } from './ConnectionBanner';
import { RECHECK_FIRST_MS } from './useConnectionCheck';

/** Each call of the connection test takes the next answer: ok, an error answer, or a network error. */
const supabase = fakeSupabase();
const answers: ('ok' | 'error' | 'throw')[] = [];
const ANSWERS = { ok: { count: 3 }, error: { error: { message: 'connection refused' } }, throw: { throws: new TypeError('Failed to fetch') } };
/** The connection tests made so far (each a count of profiles). */
const tests = () => supabase.calls.filter((c) => c[0] === 'select');

const banner = () => screen.getByTestId('connection-banner');

beforeEach(() => {
  answers.length = 0;
  supabase.reset();
  supabase.answer('profiles', () => ANSWERS[answers.shift() ?? 'ok']);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.useRealTimers());

describe('ConnectionBanner', () => {
  it('counts profiles and says the database is ready', async () => {
    render(<ConnectionBanner />);
    expect(banner()).toHaveTextContent('Checking the connection…');
    expect(await screen.findByText(MESSAGES.connectionOk)).toHaveAttribute('role', 'status');
    expect(supabase.calls).toEqual([['from', 'profiles'], ['select', 'id', { count: 'exact', head: true }]]);
  });

  it.each(['error', 'throw'] as const)('a failed test (%s) says so, logs the details to the console only', async (kind) => {
    answers.push(kind);
    render(<ConnectionBanner />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.connectionFailed);
    expect(console.error).toHaveBeenCalledWith('[need40] connection test failed', expect.anything());
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
  });

  it('checks again by itself and recovers when the backend returns; the grid is told to re-read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers.push('throw', 'throw');
    const version = uiStore.getState().gigsVersion;
    render(<ConnectionBanner />);
    expect(await screen.findByText(MESSAGES.connectionFailed)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_FIRST_MS));
    expect(tests()).toHaveLength(2);
    expect(banner()).toHaveTextContent(MESSAGES.connectionFailed);
    await act(() => vi.advanceTimersByTimeAsync(RECHECK_FIRST_MS * 2));
    expect(await screen.findByText(MESSAGES.connectionOk)).toBeInTheDocument();
    expect(uiStore.getState().gigsVersion).toBe(version + 1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(tests()).toHaveLength(3);
  });

  it('"Check again" runs the test at once', async () => {
    answers.push('error');
    render(<ConnectionBanner />);
    await userEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(MESSAGES.connectionOk)).toBeInTheDocument();
    expect(tests()).toHaveLength(2);
  });

  it('is a quiet status line while checking and when all is well, the same in both states', async () => {
    render(<ConnectionBanner />);
    expect(banner()).toHaveAttribute('data-tone', 'quiet');
    expect(await screen.findByText(MESSAGES.connectionOk)).toHaveAttribute('data-tone', 'quiet');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is prominent only on failure: an alert with its button', async () => {
    answers.push('error');
    render(<ConnectionBanner />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-tone', 'alert');
    expect(alert).toHaveTextContent(MESSAGES.connectionFailed);
  });

  it('waits for the loaded page before its first call, so the first screen\'s own calls go first', async () => {
    const ready = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    render(<ConnectionBanner />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(tests()).toEqual([]);
    ready.mockReturnValue('complete');
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(await screen.findByText(MESSAGES.connectionOk)).toBeInTheDocument();
    expect(tests()).toHaveLength(1);
  });
});
