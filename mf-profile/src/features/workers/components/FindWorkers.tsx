import { useState } from 'react';
import { PagedList, ui, usePages } from '@need40/ui';
import { searchWorkers, WORKERS_PAGE } from '../api/searchWorkers';
import type { Worker, WorkerFilters } from '../types';
import { WorkerCard } from './WorkerCard';
import { WorkerFilterForm } from './WorkerFilterForm';
import styles from './FindWorkers.module.css';

export const NO_WORKERS = 'No available workers match these filters.';

/**
 * The Find workers directory: members who marked themselves available for work, searched by
 * skills, hourly rate and rating, newest available first, 20 at a time ("Show more workers").
 * Nothing found says so; a failed read says so with Retry.
 */
export function FindWorkers() {
  const [filters, setFilters] = useState<WorkerFilters>({ skills: [] });
  const { state, showMore, retry } = usePages<Worker>(`workers:${JSON.stringify(filters)}`, (after, limit) => searchWorkers(filters, after, limit), { size: WORKERS_PAGE });

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Find workers</h1>
      <p className={ui.muted}>Members available for work. Open a profile to see their reviews and invite them to apply to one of your gigs.</p>
      <WorkerFilterForm onSearch={setFilters} />
      <section aria-labelledby="workers-results" className={styles.results}>
        <h2 id="workers-results" className="visually-hidden">
          Workers
        </h2>
        {state.status === 'loading' && (
          <p role="status" className={ui.busy}>
            Loading workers...
          </p>
        )}
        {state.status === 'error' && (
          <div role="alert" className={ui.alert}>
            <p>Could not load workers. Check your connection and try again.</p>
            <button type="button" className={ui.secondary} onClick={retry}>
              Retry
            </button>
          </div>
        )}
        {state.status === 'ready' &&
          (state.rows.length ? (
            <PagedList state={state} showMore={showMore} noun={['worker', 'workers']} className={styles.list} label="Available workers">
              {(rows) => rows.map((w) => <WorkerCard key={w.id} worker={w} />)}
            </PagedList>
          ) : (
            <p role="status">{NO_WORKERS}</p>
          ))}
      </section>
    </div>
  );
}
