/**
 * The square crop of a profile photo: the largest centred square of the image, shrunk by `zoom`
 * (1 = the whole square, 3 = a third of it) and moved by `x`/`y` (−1 … 1: from one edge of the
 * room left to move to the other). Pure arithmetic, so it is tested without a canvas.
 */
export interface Crop {
  /** Top-left corner and side of the square, in image pixels. */
  sx: number;
  sy: number;
  side: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

export function squareCrop(width: number, height: number, zoom: number, x: number, y: number): Crop {
  const side = Math.min(width, height) / clamp(zoom, ZOOM_MIN, ZOOM_MAX);
  const roomX = (width - side) / 2;
  const roomY = (height - side) / 2;
  return { sx: roomX + clamp(x, -1, 1) * roomX, sy: roomY + clamp(y, -1, 1) * roomY, side };
}

/** The photo's stored size: 512 px square is sharp at every size pages show (up to 128 CSS px at 2×, 256 at 1×). */
export const PHOTO_SIDE = 512;
