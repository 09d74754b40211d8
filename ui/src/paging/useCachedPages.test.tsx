import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keysetAfter } from './keyset';
import { PagedList } from './PagedList';
import type { FetchPage } from './types';
import { updateCachedRows, useCachedPages, type CachedPagesOptions } from './useCachedPages';

type Row = { id: string; created_at: string };
const row = (i: number): Row => ({ id: `r${i}`, created_at: `2024-04-01T00:00:${String(59 - i).padStart(2, '0')}Z` });
const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => row(from + k));

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

function List({ name, fetch, initial }: { name: string; fetch: FetchPage<Row>; initial?: CachedPagesOptions<Row>['initial'] }) {
  const { state, showMore, retry } = useCachedPages(['rows', name], fetch, { client, size: 2, initial });
  if (state.status === 'error') return <button onClick={retry}>error</button>;
  if (state.status !== 'ready') return <p>{state.status}</p>;
  return (
    <PagedList state={state} showMore={showMore} noun={['row', 'rows']}>
      {(shown) => shown.map((r) => <li key={r.id}>{r.id}</li>)}
    </PagedList>
  );
}

describe('useCachedPages', () => {
  it('a new key starts again from the first page, and a late answer for the old key is not shown', async () => {
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

  it('an invalidation reads every page shown again, and a page that comes back short ends the list', async () => {
    const fetch = vi.fn<FetchPage<Row>>().mockResolvedValueOnce({ rows: rows(0, 3) }).mockResolvedValueOnce({ rows: rows(2, 5) }).mockResolvedValueOnce({ rows: rows(0, 3) }).mockResolvedValue({ rows: rows(2, 4) });
    const user = userEvent.setup();
    render(<List name="a" fetch={fetch} />);
    await user.click(await screen.findByRole('button', { name: 'Show more rows' }));
    expect(await screen.findByText('r3')).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith(row(1), 3);
    await act(() => client.invalidateQueries({ queryKey: ['rows'] }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    expect(fetch).toHaveBeenLastCalledWith(row(1), 3);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Show more rows' })).not.toBeInTheDocument());
    expect(screen.getByText('r3')).toBeInTheDocument();
  });

  it('a first page read with something else is shown without a read, and Show more goes on from it', async () => {
    const fetch = vi.fn<FetchPage<Row>>().mockResolvedValue({ rows: [row(2)] });
    const user = userEvent.setup();
    render(<List name="a" fetch={fetch} initial={{ rows: rows(0, 2), hasMore: true }} />);
    expect(screen.getByText('r1')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Show more rows' }));
    expect(await screen.findByText('r2')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(row(1), 3);
  });

  it('a live change updates the cached rows in place, without a read', async () => {
    const fetch = vi.fn<FetchPage<Row>>().mockResolvedValue({ rows: rows(0, 2) });
    render(<List name="a" fetch={fetch} />);
    expect(await screen.findByText('r1')).toBeInTheDocument();
    act(() => updateCachedRows<Row>(client, ['rows'], (r) => (r.id === 'r1' ? { ...r, id: 'r1 changed' } : r)));
    expect(await screen.findByText('r1 changed')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a failed first page is an error state, and Try again reads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = vi.fn<FetchPage<Row>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ rows: [row(0)] });
    const user = userEvent.setup();
    render(<List name="a" fetch={fetch} />);
    await user.click(await screen.findByRole('button', { name: 'error' }));
    expect(await screen.findByText('r0')).toBeInTheDocument();
  });
});

describe('keysetAfter', () => {
  it('bounds by the instant and breaks ties by the tie column, quoting the values', () => {
    expect(keysetAfter('2024-04-01T10:00:00.5+00:00', 'id', 'a1')).toEqual({ lte: '2024-04-01T10:00:00.5+00:00', or: 'created_at.lt."2024-04-01T10:00:00.5+00:00",id.gt."a1"' });
    expect(keysetAfter('2024-04-01T10:00:00Z', 'id', 'a1', 'desc').or).toBe('created_at.lt."2024-04-01T10:00:00Z",id.lt."a1"');
  });
});
