import { expect, it } from 'vitest';
import { HREF, pageLink, routeOf, threadHref } from './routes';

const viewOf = (hash: string) => routeOf(hash).view;

it('maps the hash to a view; other anchors live in Home', () => {
  expect(viewOf('')).toBe('home');
  expect(viewOf('#about')).toBe('about');
  expect(viewOf('#profile')).toBe('profile');
  expect(viewOf('#dashboard')).toBe('dashboard');
  expect(viewOf('#admin')).toBe('admin');
  expect(viewOf(HREF.workers)).toBe('workers');
  expect(viewOf('#gigs')).toBe('home');
  expect(viewOf('#post-gig')).toBe('home');
  expect(viewOf('#need40')).toBe('home');
  expect(viewOf('#%E0%A4%A')).toBe('home');
});

it('reads a gig page and a member profile with their id; #profile alone is the own profile', () => {
  const id = '6f1c1c1e-4b7a-4f7e-9d55-2f0a1b2c3d4e';
  expect(routeOf(`#gig/${id}`)).toEqual({ view: 'gig', id });
  expect(routeOf(`#profile/${id}`)).toEqual({ view: 'member', id });
  expect(routeOf('#receipt/42')).toEqual({ view: 'receipt', id: '42' });
  expect(routeOf('#money')).toEqual({ view: 'money', id: null });
  expect(routeOf('#profile')).toEqual({ view: 'profile', id: null });
  expect(routeOf('#home')).toEqual({ view: 'home', id: null });
});

it('an address with an empty, odd or overlong id is not a page of its own', () => {
  expect(routeOf('#gig/')).toEqual({ view: 'home', id: null });
  expect(routeOf('#gig')).toEqual({ view: 'home', id: null });
  expect(routeOf('#gig/a/b')).toEqual({ view: 'home', id: null });
  expect(routeOf('#gig/<script>')).toEqual({ view: 'home', id: null });
  expect(routeOf(`#gig/${'a'.repeat(65)}`)).toEqual({ view: 'home', id: null });
  // An id that is not a uuid is left to the gig page, which says the gig does not exist.
  expect(routeOf('#gig/unknown')).toEqual({ view: 'gig', id: 'unknown' });
});

it('builds the addresses the shell reads back', () => {
  const id = '6f1c1c1e-4b7a-4f7e-9d55-2f0a1b2c3d4e';
  expect(routeOf(HREF.gig(id))).toEqual({ view: 'gig', id });
  expect(routeOf(HREF.profile(id))).toEqual({ view: 'member', id });
  expect(routeOf(HREF.dashboard)).toEqual({ view: 'dashboard', id: null });
  expect(HREF.gig('a b/c')).toBe('#gig/a%20b%2Fc');
  expect(HREF.receipt('42')).toBe('#receipt/42');
  expect(HREF.application(id)).toBe(`#dashboard/application/${id}`);
  expect(routeOf(HREF.application(id))).toEqual({ view: 'dashboard', id });
});

it('opens the dashboard at an application only with a plain id', () => {
  expect(routeOf('#dashboard/application/')).toEqual({ view: 'home', id: null });
  expect(routeOf('#dashboard/application/a/b')).toEqual({ view: 'home', id: null });
  expect(routeOf('#dashboard/gig/42')).toEqual({ view: 'home', id: null });
  expect(routeOf('#dashboard/application/<img>')).toEqual({ view: 'home', id: null });
});

it("a message leads to its thread, open: the poster's under the applicant, the worker's on the gig page", () => {
  const at = { applicationId: 'app-1', gigId: 'gig-1' };
  expect(threadHref(at, 'poster')).toBe('#dashboard/application/app-1/messages');
  expect(threadHref(at, 'worker')).toBe('#gig/gig-1/messages');
  expect(routeOf(threadHref(at, 'poster'))).toEqual({ view: 'dashboard', id: 'app-1', thread: true });
  expect(routeOf(threadHref(at, 'worker'))).toEqual({ view: 'gig', id: 'gig-1', thread: true });
  // Only a gig page and an applicant have a thread; nothing else ends in /messages.
  expect(routeOf('#profile/p1/messages')).toEqual({ view: 'home', id: null });
  expect(routeOf('#receipt/42/messages')).toEqual({ view: 'home', id: null });
  expect(routeOf('#gig/g1/messages/x')).toEqual({ view: 'home', id: null });
  expect('thread' in routeOf(HREF.gig('g1'))).toBe(false);
});

it('makes an in-page address absolute for an email, whatever the site URL ends with', () => {
  expect(pageLink('https://need40.org', HREF.gig('g1'))).toBe('https://need40.org/#gig/g1');
  expect(pageLink('https://need40.org//', HREF.dashboard)).toBe('https://need40.org/#dashboard');
});
