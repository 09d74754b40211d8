/**
 * The scaffolding every console list shares, so that a screen states only what differs: which view
 * it reads, its title and order, its one filter, and its columns. The rows are read and acted on,
 * never selected (no bulk actions) and, unless the list opens a record, not clickable: each action
 * is a button in its row (ActionButton) that calls one operator function.
 */
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, ExportButton, List, ReferenceManyField, SearchInput, SelectInput, TopToolbar, type SortPayload } from 'react-admin';

/** A grid of rows to read and act on (also inside a ReferenceManyField). */
export function Rows({ rowClick = false, children }: { rowClick?: false | 'show'; children: ReactNode }) {
  return (
    <Datagrid bulkActionButtons={false} rowClick={rowClick}>
      {children}
    </Datagrid>
  );
}

/**
 * On a record's page, the rows of `reference` whose `target` column is this record's id, newest
 * first. `label` is read by the page's layout (SimpleShowLayout labels each child by it).
 */
export function Related({ reference, target, filter, children }: { label: string; reference: string; target: string; filter?: Record<string, unknown>; children: ReactNode }) {
  return (
    <ReferenceManyField reference={reference} target={target} filter={filter} sort={NEWEST_FIRST}>
      <Rows>{children}</Rows>
    </ReferenceManyField>
  );
}

const NEWEST_FIRST: SortPayload = { field: 'created_at', order: 'DESC' };

export interface QueueListProps {
  /** The operator view (a `admin_*` or `operator_*` view of the database). */
  resource: string;
  title: string;
  sort: SortPayload;
  /** The list's filter, always on (choiceFilter, searchFilter). */
  filter?: ReactElement;
  filterDefaultValues?: Record<string, unknown>;
  /** A CSV export button instead of react-admin's default toolbar (the money queues). */
  exportable?: boolean;
  /** 'show' when a row opens its record's page. */
  rowClick?: false | 'show';
  children: ReactNode;
}

const exportOnly = (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

export function QueueList({ resource, title, sort, filter, filterDefaultValues, exportable, rowClick, children }: QueueListProps) {
  return (
    <List resource={resource} title={title} sort={sort} filters={filter && [filter]} filterDefaultValues={filterDefaultValues} actions={exportable ? exportOnly : undefined}>
      <Rows rowClick={rowClick}>{children}</Rows>
    </List>
  );
}

/** A filter choosing one value of `source`; each value is shown capitalised ('open' → "Open"). */
export function choiceFilter(source: string, values: readonly string[]): ReactElement {
  const choices = values.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));
  return <SelectInput key={source} source={source} choices={choices} alwaysOn />;
}

/** A search box over `source` (a PostgREST operator such as `title@ilike`). */
export function searchFilter(source: string, placeholder: string): ReactElement {
  return <SearchInput key={source} source={source} alwaysOn placeholder={placeholder} />;
}
