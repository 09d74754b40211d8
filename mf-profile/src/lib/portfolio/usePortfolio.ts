import { useCallback, useEffect, useState } from 'react';
import { addPortfolioItem, fetchPortfolio, removePortfolioItem, type PortfolioItem } from './api';

export type PortfolioLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: PortfolioItem[] };

const itemsOf = (load: PortfolioLoad) => (load.status === 'ready' ? load.items : []);

/** A member's portfolio items, and (for the member) adding and removing them. */
export function usePortfolio(userId: string) {
  const [load, setLoad] = useState<PortfolioLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchPortfolio(userId).then(
      (items) => live && setLoad({ status: 'ready', items }),
      (error: Error) => live && setLoad({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  const count = itemsOf(load).length;
  const add = useCallback(
    async (item: { title: string; link: string | null; file: File | null }) => {
      const added = await addPortfolioItem(userId, { ...item, position: count });
      setLoad((now) => ({ status: 'ready', items: [...itemsOf(now), added] }));
    },
    [userId, count],
  );
  const remove = useCallback(async (item: PortfolioItem) => {
    await removePortfolioItem(item);
    setLoad((now) => ({ status: 'ready', items: itemsOf(now).filter((i) => i.id !== item.id) }));
  }, []);
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { load, retry, add, remove };
}
