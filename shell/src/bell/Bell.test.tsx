import { fireEvent, render, screen } from '@testing-library/react';
import Bell from './Bell';
import type { NotificationRow } from './text';
import { useNotifications, type NotificationsState } from './useNotifications';

vi.mock('./useNotifications', () => ({ useNotifications: vi.fn() }));
const hook = vi.mocked(useNotifications);
const markSeen = vi.fn(async () => {});

const row = (id: number, read_at: string | null): NotificationRow => ({
  id, kind: 'apply', gig_title: 'Logo design', actor_name: 'Walter Worker', count: 1, created_at: '2026-11-27T09:00:00Z', read_at,
  application_id: 'app-1', gig_id: 'gig-1', application: { worker_id: 'worker-1' },
});
const showing = (items: NotificationRow[]) => {
  const state: NotificationsState = { items, unread: items.filter((n) => !n.read_at).length, failed: false };
  hook.mockReturnValue({ state, markSeen, refresh: vi.fn() } as unknown as ReturnType<typeof useNotifications>);
};
const links = () => screen.getAllByRole('link').map((a) => a.textContent);

describe('the bell', () => {
  beforeEach(() => markSeen.mockClear());

  it('keeps what was unread marked "New" while the list stays open, although opening marked it read; closed and opened again, it is not new', () => {
    showing([row(2, null), row(1, '2026-11-27T08:00:00Z')]);
    const { rerender } = render(<Bell userId="poster-1" />);
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    fireEvent.click(bell);
    expect(markSeen).toHaveBeenCalled();
    expect(links()).toEqual(['New: Walter Worker applied to "Logo design"', 'Walter Worker applied to "Logo design"']);

    // The live update: the row is read now, and the list is still open.
    showing([row(2, '2026-11-27T09:01:00Z'), row(1, '2026-11-27T08:00:00Z')]);
    rerender(<Bell userId="poster-1" />);
    expect(links()).toEqual(['New: Walter Worker applied to "Logo design"', 'Walter Worker applied to "Logo design"']);

    fireEvent.click(bell);
    fireEvent.click(bell);
    expect(links()).toEqual(['Walter Worker applied to "Logo design"', 'Walter Worker applied to "Logo design"']);
  });
});
