import { describe, expect, it } from 'vitest';
import { squareCrop } from './crop';

describe('squareCrop', () => {
  it('takes the centred square, shrinks it with zoom and moves it within the image', () => {
    expect(squareCrop(400, 300, 1, 0, 0)).toEqual({ sx: 50, sy: 0, side: 300 });
    expect(squareCrop(400, 300, 1, -1, 0)).toEqual({ sx: 0, sy: 0, side: 300 });
    expect(squareCrop(400, 300, 1, 1, 1)).toEqual({ sx: 100, sy: 0, side: 300 });
    expect(squareCrop(400, 300, 2, 1, -1)).toEqual({ sx: 250, sy: 0, side: 150 });
    // Out-of-range values are held at their bounds: the square never leaves the image.
    expect(squareCrop(300, 600, 9, 5, 5)).toEqual({ sx: 200, sy: 500, side: 100 });
  });
});
