import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SkipLink } from './SkipLink';

describe('Skip to content', () => {
  it('moves focus to the main content without writing #main into the address', async () => {
    window.history.replaceState(null, '', '/#about');
    render(
      <>
        <SkipLink />
        <button type="button">Login</button>
        <main id="main" tabIndex={-1}>
          content
        </main>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('#about');
  });
});
