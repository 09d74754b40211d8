import { profileIdOf, viewOf } from './useView';

it('maps the hash to a view; other anchors live in Home', () => {
  expect(viewOf('')).toBe('home');
  expect(viewOf('#about')).toBe('about');
  expect(viewOf('#profile')).toBe('profile');
  expect(viewOf('#gigs')).toBe('home');
  expect(viewOf('#%E0%A4%A')).toBe('home');
});

it('reads the member id of #profile/<id>; #profile alone is the own profile', () => {
  expect(profileIdOf('#profile/2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11')).toBe('2f1c6d8e-1b7a-4c1e-9a53-0c7f0d2b9e11');
  expect(profileIdOf('#profile')).toBeNull();
  expect(profileIdOf('#profile/')).toBeNull();
  expect(profileIdOf('#profile/a/b')).toBeNull();
  expect(profileIdOf('#profile/%E0%A4%A')).toBeNull();
});
