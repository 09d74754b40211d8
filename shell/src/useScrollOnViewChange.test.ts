import { renderHook } from '@testing-library/react';
import type { View } from './useView';
import { useScrollOnViewChange } from './useScrollOnViewChange';

function page() {
  document.body.innerHTML = '<section id="home"></section><section id="gigs"></section>';
  return document.getElementById('home')!;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

it('coming back to Home from a gig page returns to where the person was in the grid', () => {
  const home = page();
  const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const { rerender } = renderHook(({ view, id }: { view: View; id: string | null }) => useScrollOnViewChange(view, id), { initialProps: { view: 'home', id: null } });
  scrollTo(1234);
  home.hidden = true;
  rerender({ view: 'gig', id: 'g1' });
  scrollTo(0); // hiding Home and the gig page's own scroll to the top do not count
  expect(scroll).toHaveBeenLastCalledWith({ top: 0 });
  home.hidden = false;
  window.location.hash = '#gigs';
  rerender({ view: 'home', id: null });
  expect(scroll).toHaveBeenLastCalledWith({ top: 1234 });
});

it('another view, or another gig, starts at its top or its anchor', () => {
  page();
  const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const { rerender } = renderHook(({ view, id }: { view: View; id: string | null }) => useScrollOnViewChange(view, id), { initialProps: { view: 'gig', id: 'g1' } });
  scroll.mockClear();
  window.location.hash = '#gig/g2';
  rerender({ view: 'gig', id: 'g2' });
  expect(scroll).toHaveBeenCalledWith({ top: 0 });
  const gigs = document.getElementById('gigs')!;
  gigs.scrollIntoView = vi.fn();
  window.location.hash = '#gigs';
  rerender({ view: 'about', id: null });
  rerender({ view: 'home', id: null });
  expect(gigs.scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
});
