import { act, fireEvent, render, screen } from '@testing-library/react';
import { closeAuthModal, openAuthModal } from '@need40/shared';
import { loadRemoteModule } from '../federation/loader';
import { AuthSlot, isAuthIntent } from './AuthSlot';

vi.mock('../federation/loader', () => ({ loadRemoteModule: vi.fn() }));
const load = vi.mocked(loadRemoteModule);

function Modal() {
  return <div role="dialog" aria-label="Welcome Back" />;
}

/** Keep the idle fallback out of the way: the page never "finishes loading" in these tests. */
beforeEach(() => {
  load.mockReset();
  load.mockResolvedValue({ default: Modal });
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => closeAuthModal());
});

describe('the auth modal loads on intent', () => {
  it('is not loaded on the first screen', () => {
    render(<AuthSlot />);
    expect(load).not.toHaveBeenCalled();
    expect(document.querySelector('[data-remote="auth"]')).toBeNull();
  });

  it.each(['Login', 'Sign Up', 'Apply Now', 'Login to Post Gig'])('hovering or focusing "%s" loads it', async (label) => {
    render(
      <>
        <button type="button">{label}</button>
        <AuthSlot />
      </>,
    );
    fireEvent.pointerOver(screen.getByRole('button', { name: label }));
    expect(load).toHaveBeenCalledWith('auth', 'AuthModal', { fresh: false });
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' }, { timeout: 1_000 })).toBeInTheDocument();
  });

  it('openAuthModal loads it and says it is opening meanwhile', async () => {
    let finish: (m: { default: typeof Modal }) => void = () => undefined;
    load.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    render(<AuthSlot />);
    act(() => openAuthModal('login'));
    expect(screen.getByRole('status')).toHaveTextContent('Opening…');
    await act(async () => finish({ default: Modal }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('other buttons are not intent', () => {
    const share = document.createElement('button');
    share.textContent = 'Share Movement';
    const marked = document.createElement('a');
    marked.setAttribute('data-auth-intent', '');
    expect(isAuthIntent(share)).toBe(false);
    expect(isAuthIntent(marked)).toBe(true);
    expect(isAuthIntent(null)).toBe(false);
  });

  it('loads by itself once the page has loaded and is idle', async () => {
    vi.useFakeTimers();
    try {
      render(<AuthSlot />);
      act(() => {
        window.dispatchEvent(new Event('load'));
      });
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(load).toHaveBeenCalledWith('auth', 'AuthModal', { fresh: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
