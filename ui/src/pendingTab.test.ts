import { describe, expect, it, vi } from 'vitest';
import { fakeTab, stubWindowOpen } from './test/fakeTab';
import { openPendingTab } from './pendingTab';

describe('openPendingTab', () => {
  it('opens an empty tab at once, cuts its opener, and sends it to the URL later', () => {
    const { open, tab } = stubWindowOpen();
    const pending = openPendingTab();
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab!.opener).toBeNull();
    expect(pending.go('https://paypal.me/need40/600')).toBe(true);
    expect(tab!.location.replace).toHaveBeenCalledWith('https://paypal.me/need40/600');
  });

  it('closes the tab when cancelled', () => {
    const { tab } = stubWindowOpen();
    openPendingTab().cancel();
    expect(tab!.close).toHaveBeenCalled();
  });

  it('when the person closed the tab meanwhile, opens a noopener tab instead and reports it as unknown', () => {
    const tab = { ...fakeTab(), closed: true };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    expect(openPendingTab().go('https://paypal.me/need40/40')).toBe(false);
    expect(open).toHaveBeenLastCalledWith('https://paypal.me/need40/40', '_blank', 'noopener,noreferrer');
  });

  it('survives a browser that throws on window.open', () => {
    vi.spyOn(window, 'open').mockImplementation(() => {
      throw new Error('blocked');
    });
    const pending = openPendingTab();
    expect(() => pending.cancel()).not.toThrow();
    expect(pending.go('https://paypal.me/need40/600')).toBe(false);
  });
});
