import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ui } from '@need40/ui';
import { ZOOM_MAX, ZOOM_MIN } from '../lib/crop';
import { croppedJpeg, drawCrop, loadImage, type Adjustment } from '../lib/render';
import styles from './Photo.module.css';

/** Files above this size are refused before decoding (a phone photo is 2–8 MB). */
const MAX_INPUT_BYTES = 20 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Choose a JPEG, PNG or WebP image (at most 20 MB).';

interface Props {
  onSave: (jpeg: Blob) => Promise<void>;
  onCancel: () => void;
}

const slider = (label: string, value: number, min: number, max: number, onChange: (v: number) => void) => (
  <label className={styles.slider}>
    {label}
    <input type="range" min={min} max={max} step={0.01} value={value} onChange={(e) => onChange(Number(e.target.value))} />
  </label>
);

/**
 * Choose a photo and crop it to a square: a round preview, Zoom and position sliders (or drag the
 * preview), then Save photo uploads the 512 px square. The browser decodes the file, so anything
 * it cannot show is refused here; the server checks the bytes again.
 */
export function PhotoEditor({ onSave, onCancel }: Props) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [adj, setAdj] = useState<Adjustment>({ zoom: 1, x: 0, y: 0 });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, adj);
  }, [image, adj]);
  useEffect(() => () => (image ? URL.revokeObjectURL(image.src) : undefined), [image]);

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!/^image\/(jpeg|png|webp)$/.test(file.type) || file.size > MAX_INPUT_BYTES) return setError(NOT_AN_IMAGE);
    try {
      setImage(await loadImage(file));
      setAdj({ zoom: 1, x: 0, y: 0 });
    } catch {
      setError(NOT_AN_IMAGE);
    }
  };
  const save = async () => {
    if (!image || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(await croppedJpeg(image, adj));
    } catch (err) {
      setError((err as Error).message);
      setSaving(false);
    }
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    const dx = (e.clientX - drag.current.x) / 120;
    const dy = (e.clientY - drag.current.y) / 120;
    drag.current = { x: e.clientX, y: e.clientY };
    setAdj((a) => ({ ...a, x: Math.max(-1, Math.min(1, a.x - dx)), y: Math.max(-1, Math.min(1, a.y - dy)) }));
  };

  return (
    <div className={styles.editor}>
      <label className={ui.label}>
        Choose a photo
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => void choose(e.target.files?.[0])} />
      </label>
      {image && (
        <>
          <canvas
            ref={canvas}
            width={240}
            height={240}
            className={styles.preview}
            role="img"
            aria-label="Preview of your photo, cropped to a square"
            onPointerDown={(e) => (drag.current = { x: e.clientX, y: e.clientY })}
            onPointerMove={move}
            onPointerUp={() => (drag.current = null)}
            onPointerLeave={() => (drag.current = null)}
          />
          {slider('Zoom', adj.zoom, ZOOM_MIN, ZOOM_MAX, (zoom) => setAdj((a) => ({ ...a, zoom })))}
          {slider('Left – right', adj.x, -1, 1, (x) => setAdj((a) => ({ ...a, x })))}
          {slider('Up – down', adj.y, -1, 1, (y) => setAdj((a) => ({ ...a, y })))}
        </>
      )}
      {error && (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {image && (
          <button type="button" className={ui.primary} onClick={() => void save()} aria-disabled={saving}>
            {saving ? 'Saving photo...' : 'Save photo'}
          </button>
        )}
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
