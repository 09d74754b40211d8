import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navbar } from '../components/Navbar';
import { useView } from '../useView';
import { useViewFocus } from './useViewFocus';

/** The App's view switching, without its remotes: the navbar and the four views. */
function Views() {
  const view = useView();
  useViewFocus(view);
  return (
    <>
      <Navbar view={view} />
      <section id="home" hidden={view !== 'home'} aria-label="Home">
        <p>home</p>
      </section>
      <section id="about" hidden={view !== 'about'} aria-label="About">
        <h1>About Need40</h1>
      </section>
      <section id="contact" hidden={view !== 'contact'} aria-label="Contact">
        <h1>Contact us</h1>
      </section>
    </>
  );
}

async function go(hash: string) {
  await act(async () => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

describe('switching views', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('leaves focus alone on the first render', () => {
    render(<Views />);
    expect(document.body).toHaveFocus();
  });

  it('About and Contact chosen with the keyboard move focus to the view heading (announced as a heading)', async () => {
    render(<Views />);
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'About' }).focus();
    await user.keyboard('{Enter}');
    if (window.location.hash !== '#about') await go('#about'); // the DOM library may not follow fragment links
    expect(screen.getByRole('heading', { name: 'About Need40' })).toHaveFocus();

    await go('#contact');
    expect(screen.getByRole('heading', { name: 'Contact us' })).toHaveFocus();
  });

  it('a view without a heading gets focus itself', async () => {
    window.history.replaceState(null, '', '/#about');
    render(<Views />);
    await go('#home');
    expect(screen.getByRole('region', { name: 'Home' })).toHaveFocus();
  });
});
