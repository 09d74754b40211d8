import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { draftKey, hasDraft, readDraft, useDraft } from './useDraft';

function Note({ member, about = 'gig-1' }: { member: string | null; about?: string }) {
  const [draft, setDraft, clear] = useDraft(draftKey('apply', member, about), { text: '' });
  return (
    <>
      <textarea aria-label="Note" value={draft.text} onChange={(e) => setDraft({ text: e.target.value })} />
      <button type="button" onClick={clear}>
        Send
      </button>
    </>
  );
}

describe('a draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('survives a reload (a new mount) for the same member and gig, and goes once sent', async () => {
    const user = userEvent.setup();
    const first = render(<Note member="m1" />);
    await user.type(screen.getByLabelText('Note'), 'Half');
    first.unmount();
    expect(hasDraft(draftKey('apply', 'm1', 'gig-1'))).toBe(true);
    expect(readDraft(draftKey('apply', 'm1', 'gig-1'))).toEqual({ text: 'Half' });
    render(<Note member="m1" />);
    expect(screen.getByLabelText('Note')).toHaveValue('Half');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Note')).toHaveValue('');
    expect(hasDraft(draftKey('apply', 'm1', 'gig-1'))).toBe(false);
  });

  it('is kept by member and gig: another gig or another member starts empty', async () => {
    const user = userEvent.setup();
    const first = render(<Note member="m1" />);
    await user.type(screen.getByLabelText('Note'), 'Mine');
    first.unmount();
    const other = render(<Note member="m1" about="gig-2" />);
    expect(screen.getByLabelText('Note')).toHaveValue('');
    other.unmount();
    render(<Note member="m2" />);
    expect(screen.getByLabelText('Note')).toHaveValue('');
  });

  it('signed out meanwhile: the text stays on screen, and is kept again once the same member is back', async () => {
    const user = userEvent.setup();
    const view = render(<Note member="m1" />);
    await user.type(screen.getByLabelText('Note'), 'Hello');
    view.rerender(<Note member={null} />);
    expect(screen.getByLabelText('Note')).toHaveValue('Hello');
    await user.type(screen.getByLabelText('Note'), ' there');
    act(() => view.rerender(<Note member="m1" />));
    expect(screen.getByLabelText('Note')).toHaveValue('Hello there');
    expect(JSON.parse(sessionStorage.getItem(draftKey('apply', 'm1', 'gig-1')!)!)).toEqual({ text: 'Hello there' });
  });

  it('another member signing in on the same tab never sees the last one’s text', async () => {
    const user = userEvent.setup();
    const view = render(<Note member="m1" />);
    await user.type(screen.getByLabelText('Note'), 'Private');
    view.rerender(<Note member={null} />);
    act(() => view.rerender(<Note member="m2" />));
    expect(screen.getByLabelText('Note')).toHaveValue('');
  });
});
