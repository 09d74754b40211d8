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

describe('where Skip to content lands', () => {
  it("on Home: Latest Gigs' heading, past the hero and the campaign's buttons", async () => {
    render(
      <>
        <SkipLink />
        <main id="main" tabIndex={-1}>
          <section id="home">
            <h1>Fair pay for every gig</h1>
            <button type="button">Pay $600</button>
            <div data-main-content>
              <h2>Latest Gigs</h2>
            </div>
          </section>
          <section id="about" hidden>
            <h1>About</h1>
          </section>
        </main>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Latest Gigs' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pay $600' })).not.toHaveFocus();
  });

  it("on another view: that view's first heading", async () => {
    render(
      <>
        <SkipLink />
        <main id="main" tabIndex={-1}>
          <section id="home" hidden>
            <h1>Fair pay for every gig</h1>
          </section>
          <section id="contact">
            <h1>Contact us</h1>
          </section>
        </main>
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Contact us' })).toHaveFocus();
  });
});
