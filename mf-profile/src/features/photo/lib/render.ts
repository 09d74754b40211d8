/**
 * Drawing the crop: into the preview canvas while the member adjusts it, and into the 512 px
 * square that is uploaded (JPEG, quality 0.9: a photo of about 50 KB).
 */
import { PHOTO_SIDE, squareCrop } from './crop';

export interface Adjustment {
  zoom: number;
  x: number;
  y: number;
}

export function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, a: Adjustment): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { sx, sy, side } = squareCrop(image.naturalWidth, image.naturalHeight, a.zoom, a.x, a.y);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, sx, sy, side, side, 0, 0, canvas.width, canvas.height);
}

export function croppedJpeg(image: HTMLImageElement, a: Adjustment): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_SIDE;
  canvas.height = PHOTO_SIDE;
  drawCrop(canvas, image, a);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be prepared'))), 'image/jpeg', 0.9));
}

/** Load a chosen file as an image (decoded by the browser: anything it cannot show is refused). */
export function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}
