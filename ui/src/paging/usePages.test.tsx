import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { keysetAfter } from './keyset';
import { PagedList } from './PagedList';
import { usePages, type FetchPage } from './usePages';

type Row = { id: string; created_at: string };
const row = (i: number): Row => ({ id: `r${i}`, created_at: `2024-04-01T00:00:${String(59 - i).padStart(2, '0')}Z` });
const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => row(from + k));

function List({ name, fetch, refresh }: { name: string; fetch: FetchPage<Row>; refresh?: number }) {
  const { state, showMore } = usePages(name, fetch, { size: 2, refresh });
  if (state.status !== 'ready') return <p>{state.status}</p>;
  return (
    <PagedList state={state} showMore={showMore} noun={['row', 'rows']}>
      {(shown) => shown.map((r) => <li key={r.id}>{r.id}</li>)}
    </PagedList>
  );
}

describe('usePages', () => {
  it('a new key starts again from the first page, and a late answer for the old key is dropped', async () => {
    let late: (v: { rows: Row[] }) => void = () => undefined;
    const fetch = vi.fn<FetchPage<Row>>().mockReturnValueOnce(new Promise((r) => (late = r))).mockResolvedValueOnce({ rows: [row(7)] });
    const view = render(<List name="a" fetch={fetch} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    view.rerender(<List name="b" fetch={fetch} />);
    expect(await screen.findByText('r7')).toBeInTheDocument();
    await act(async () => late({ rows: [row(0)] }));
    expect(screen.queryByText('r0')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith(null, 3);
  });

  it('a refresh reads as many rows as are shown, and a page that comes back empty ends the list', async () => {
    const fetch = vi.fn<FetchPage<Row>>().mockResolvedValueOnce({ rows: rows(0, 3) }).mockResolvedValueOnce({ rows: rows(2, 5) }).mockResolvedValue({ rows: rows(0, 4) });
    const user = userEvent.setup();
    const view = render(<List name="a" fetch={fetch} refresh={0} />);
    await user.click(await screen.findByRole('button', { name: 'Show more rows' }));
    expect(await screen.findByText('r3')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith(row(1), 3);
    view.rerender(<List name="a" fetch={fetch} refresh={1} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenLastCalledWith(null, 5));
    expect(await screen.findByText('r3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more rows' })).not.toBeInTheDocument();
  });

  it('a failed first page is an error state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<List name="a" fetch={vi.fn<FetchPage<Row>>().mockRejectedValue(new TypeError('Failed to fetch'))} />);
    expect(await screen.findByText('error')).toBeInTheDocument();
  });
});

describe('keysetAfter', () => {
  it('bounds by the instant and breaks ties by the tie column, quoting the values', () => {
    expect(keysetAfter('2024-04-01T10:00:00.5+00:00', 'id', 'a1')).toEqual({ lte: '2024-04-01T10:00:00.5+00:00', or: 'created_at.lt."2024-04-01T10:00:00.5+00:00",id.gt."a1"' });
    expect(keysetAfter('2024-04-01T10:00:00Z', 'id', 'a1', 'desc').or).toBe('created_at.lt."2024-04-01T10:00:00Z",id.lt."a1"');
  });
});
