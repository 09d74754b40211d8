import { describe, expect, it } from 'vitest';
import { choiceFilter, searchFilter } from './lists';

describe('list filters', () => {
  it('offers each value of a choice filter capitalised, always shown', () => {
    expect(choiceFilter('status', ['open', 'actioned']).props).toMatchObject({
      source: 'status',
      alwaysOn: true,
      choices: [{ id: 'open', name: 'Open' }, { id: 'actioned', name: 'Actioned' }],
    });
  });

  it('keeps the PostgREST operator of a search box in its source', () => {
    expect(searchFilter('title@ilike', 'Title').props).toMatchObject({ source: 'title@ilike', placeholder: 'Title', alwaysOn: true });
  });
});
