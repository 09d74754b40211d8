import { notificationHref, notificationText, titleWithCount } from './text';

const n = (kind: string, count = 1) => ({ kind, gig_title: 'Logo design', actor_name: 'Walter Worker', count });

describe('a notification in words', () => {
  it('names who did what to which gig, for each kind of event', () => {
    expect(notificationText(n('apply'))).toBe('Walter Worker applied to "Logo design"');
    expect(notificationText(n('accept'))).toBe('Walter Worker accepted your application to "Logo design"');
    expect(notificationText(n('decline_others'))).toBe('"Logo design" went to another applicant');
    expect(notificationText(n('close'))).toBe('"Logo design" was closed');
    expect(notificationText(n('start_funding'))).toBe('Walter Worker started paying for "Logo design"');
    expect(notificationText(n('fund'))).toBe('Need40 holds the money for "Logo design"');
    expect(notificationText(n('deliver'))).toBe('Walter Worker delivered the work for "Logo design"');
    expect(notificationText(n('pay_out'))).toBe('Need40 paid out the money for "Logo design"');
    expect(notificationText(n('review'))).toBe('Walter Worker reviewed you for "Logo design"');
    expect(notificationText(n('resolve_refund'))).toBe('The money for "Logo design" was refunded');
  });

  it('counts messages of one thread, and reads sensibly for an unknown kind or a removed gig', () => {
    expect(notificationText(n('message'))).toBe('New message from Walter Worker about "Logo design"');
    expect(notificationText(n('message', 3))).toBe('3 new messages from Walter Worker about "Logo design"');
    expect(notificationText({ ...n('something_new'), gig_title: '' })).toBe('Update on a gig');
  });

  it('links each notification to the exact place: the applicant, the thread, the gig page and deal, the reviews', () => {
    const me = 'poster-1';
    const row = (kind: string, worker_id = 'worker-1') => ({ kind, application_id: 'app-1', gig_id: 'gig-1', application: { worker_id } });
    expect(notificationHref(row('apply'), me)).toBe('#dashboard/application/app-1');
    expect(notificationHref(row('withdraw'), me)).toBe('#dashboard/application/app-1');
    // A message: its thread, open — the poster's under the applicant; the worker's under their application on the gig page.
    expect(notificationHref(row('message'), me)).toBe('#dashboard/application/app-1/messages');
    expect(notificationHref(row('message', me), me)).toBe('#gig/gig-1/messages');
    expect(notificationHref(row('accept', me), me)).toBe('#gig/gig-1');
    expect(notificationHref(row('close', me), me)).toBe('#gig/gig-1');
    expect(notificationHref(row('fund'), me)).toBe('#gig/gig-1');
    expect(notificationHref(row('deliver'), me)).toBe('#gig/gig-1');
    expect(notificationHref(row('review'), me)).toBe('#profile/poster-1');
    expect(notificationHref({ ...row('decline'), gig_id: null }, me)).toBe('#dashboard');
  });

  it("an invitation and a saved search's new gigs: in words, and to the gig", () => {
    expect(notificationText(n('invite'))).toBe('Walter Worker invited you to apply to "Logo design"');
    expect(notificationText({ ...n('saved_search', 3), actor_name: 'Design work' })).toBe('3 new gigs match your saved search "Design work", the newest "Logo design"');
    expect(notificationText({ ...n('saved_search'), actor_name: 'Design work' })).toBe('A new gig matches your saved search "Design work": "Logo design"');
    expect(notificationHref({ kind: 'invite', application_id: null, gig_id: 'g1' }, 'worker-1')).toBe('#gig/g1');
    expect(notificationHref({ kind: 'saved_search', application_id: null, gig_id: null }, 'worker-1')).toBe('#dashboard');
  });

  it('puts the unread count in front of the tab title, capped at 99+', () => {
    expect(titleWithCount('Need40', 0)).toBe('Need40');
    expect(titleWithCount('Need40', 3)).toBe('(3) Need40');
    expect(titleWithCount('Need40', 250)).toBe('(99+) Need40');
  });
});
