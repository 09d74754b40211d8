import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_TEXT, SlowNotice } from './SlowNotice';
import { SLOW_AFTER_MS, usePending, type Attempt, type Outcome } from './usePending';

/** A button that runs `attempt` through usePending and shows where it is. */
function Action({ attempt, onOutcome }: { attempt: Attempt<string>; onOutcome: (o: Outcome<string> | null) => void }) {
  const pending = usePending();
  return (
    <>
      <button type="button" onClick={() => void pending.run(attempt).then(onOutcome)}>
        {pending.busy ? 'Sending...' : 'Send'}
      </button>
      <SlowNotice pending={pending} />
    </>
  );
}

/** Attempts the test settles by hand. */
function attempts() {
  const calls: { signal: AbortSignal; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const attempt = vi.fn((signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ signal, resolve, reject })));
  return { attempt, calls };
}

describe('a pending action', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('is quiet while quick, says it is slow after SLOW_AFTER_MS, and acts once for a double click', async () => {
    const { attempt, calls } = attempts();
    const onOutcome = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Action attempt={attempt} onOutcome={onOutcome} />);
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    expect(attempt).toHaveBeenCalledOnce();
    expect(onOutcome).toHaveBeenCalledWith(null);
    act(() => vi.advanceTimersByTime(SLOW_AFTER_MS - 100));
    expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('status')).toHaveTextContent(SLOW_TEXT);
    await act(async () => calls[0]!.resolve('sent'));
    expect(onOutcome).toHaveBeenLastCalledWith({ status: 'done', value: 'sent' });
    expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('Retry aborts the running attempt, starts it again and ignores the old answer', async () => {
    const { attempt, calls } = attempts();
    const onOutcome = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Action attempt={attempt} onOutcome={onOutcome} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    // The clock starts again for the new attempt.
    expect(screen.queryByText(SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
    await act(async () => calls[0]!.reject(new Error('aborted')));
    expect(onOutcome).not.toHaveBeenCalled();
    await act(async () => calls[1]!.reject(new Error('refused')));
    expect(onOutcome).toHaveBeenCalledWith({ status: 'failed', error: new Error('refused') });
  });

  it('Cancel stops waiting at once: the attempt is aborted, the outcome is "cancelled", a late answer changes nothing', async () => {
    const { attempt, calls } = attempts();
    const onOutcome = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Action attempt={attempt} onOutcome={onOutcome} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    act(() => vi.advanceTimersByTime(SLOW_AFTER_MS));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(onOutcome).toHaveBeenCalledWith({ status: 'cancelled' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await act(async () => calls[0]!.resolve('late'));
    expect(onOutcome).toHaveBeenCalledOnce();
  });

  it('leaving the page aborts the running attempt', async () => {
    const { attempt, calls } = attempts();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = render(<Action attempt={attempt} onOutcome={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
