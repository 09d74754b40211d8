import { vi } from 'vitest';

/** A stand-in for the tab window.open returns, recording where it was sent. */
export function fakeTab() {
  return { opener: {} as unknown, closed: false, close: vi.fn(), location: { replace: vi.fn() } };
}

/** Stub window.open; returns the spy and the tab it hands out (null = popup blocked). */
export function stubWindowOpen(tab: ReturnType<typeof fakeTab> | null = fakeTab()) {
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return { open, tab };
}
