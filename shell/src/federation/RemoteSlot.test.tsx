import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KernelMismatchError } from './kernel';
import { RemoteSlot } from './RemoteSlot';
import { loadRemoteModule } from './loader';

vi.mock('./loader', () => ({ loadRemoteModule: vi.fn() }));
const load = vi.mocked(loadRemoteModule);

beforeEach(() => {
  load.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function Hello({ who }: { who?: string }) {
  return <p>Hello {who}</p>;
}

function Crash(): never {
  throw new Error('boom');
}

describe('RemoteSlot', () => {
  it('renders the remote with its props', async () => {
    load.mockResolvedValue({ default: Hello });
    const { container } = render(<RemoteSlot remote="gigs" expose="Gigs" label="Latest gigs" props={{ who: 'worker' }} />);
    expect(await screen.findByText('Hello worker')).toBeInTheDocument();
    expect(container.querySelector('[data-remote="gigs"]')).toHaveAttribute('data-remote-status', 'ready');
  });

  it('shows a message with Retry when loading fails, and Retry loads afresh', async () => {
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ default: Hello });
    render(<RemoteSlot remote="campaign" expose="Campaign" label="The campaign" />);
    expect(await screen.findByText('The campaign could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Hello/)).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('campaign', 'Campaign', { fresh: true });
  });

  it('contains a crash while rendering to the slot', async () => {
    load.mockResolvedValue({ default: Crash });
    const { container } = render(
      <>
        <p>navbar</p>
        <RemoteSlot remote="auth" expose="AuthModal" label="Login" />
      </>,
    );
    expect(await screen.findByText('Login stopped working.')).toBeInTheDocument();
    expect(screen.getByText('navbar')).toBeInTheDocument();
    expect(container.querySelector('[data-remote="auth"]')).toHaveAttribute('data-remote-status', 'error');
  });

  it('says plainly when a remote was built for another kernel, while the rest of the page renders', async () => {
    load.mockRejectedValue(new KernelMismatchError('campaign', '^2.0.0', '1.0.0'));
    const { container } = render(
      <>
        <p>navbar</p>
        <RemoteSlot remote="campaign" expose="Campaign" label="The campaign" />
      </>,
    );
    expect(await screen.findByText('The campaign is not compatible with this page.')).toBeInTheDocument();
    expect(screen.getByText(/It was built for @need40\/shared \^2\.0\.0, but this page runs 1\.0\.0, so it was not loaded/)).toBeInTheDocument();
    expect(screen.getByText('navbar')).toBeInTheDocument();
    expect(container.querySelector('[data-remote-error]')).toHaveAttribute('data-remote-error', 'kernel');
  });
});
