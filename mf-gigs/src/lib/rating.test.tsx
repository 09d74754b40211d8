import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { RatingBadge, ratingFromRow } from './rating';

it('reads the member_ratings embed as an array or a row; no reviews is no rating', () => {
  expect(ratingFromRow([{ average_rating: 4.5, review_count: 2 }])).toEqual({ average: 4.5, count: 2 });
  expect(ratingFromRow({ average_rating: 3, review_count: 1 })).toEqual({ average: 3, count: 1 });
  expect(ratingFromRow([])).toBeNull();
  expect(ratingFromRow(null)).toBeNull();
  expect(ratingFromRow([{ average_rating: null, review_count: 0 }])).toBeNull();
});

it('shows "★ 4.5 · 2 reviews" and says it in words; nothing without a rating', () => {
  const { container, rerender } = render(<RatingBadge rating={{ average: 4.5, count: 2 }} />);
  expect(screen.getByTestId('rating')).toHaveTextContent('★ 4.5 · 2 reviews');
  expect(screen.getByText('Rated 4.5 out of 5 from 2 reviews')).toBeInTheDocument();
  rerender(<RatingBadge rating={{ average: 5, count: 1 }} />);
  expect(screen.getByTestId('rating')).toHaveTextContent('★ 5.0 · 1 review');
  rerender(<RatingBadge rating={null} />);
  expect(container).toBeEmptyDOMElement();
});
