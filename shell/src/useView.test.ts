import { viewOf } from './useView';

it('maps the hash to a view; other anchors live in Home', () => {
  expect(viewOf('')).toBe('home');
  expect(viewOf('#about')).toBe('about');
  expect(viewOf('#profile')).toBe('profile');
  expect(viewOf('#gigs')).toBe('home');
  expect(viewOf('#%E0%A4%A')).toBe('home');
});
