'use client';

import { useId, useRef, useState, type ChangeEvent } from 'react';

/** What the site accepts (the server checks the content again, whatever the browser says). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
const IMAGE_TYPES = IMAGE_ACCEPT.split(',');

export interface PickedImage {
  name: string;
  dataUrl: string;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/**
 * Picks up to `max` images (JPEG, PNG, GIF, WebP) of at most `maxBytes` each, read in the
 * browser as data URLs; a refused file is named with the reason, beside the field.
 */
export function ImagePicker({
  images,
  onChange,
  max,
  maxBytes,
  testId,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  max: number;
  maxBytes: number;
  testId: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const next = [...images];
    for (const file of files) {
      if (next.length >= max) {
        setError(`At most ${max} images`);
        break;
      }
      if (!IMAGE_TYPES.includes(file.type)) {
        setError(`${file.name}: only JPEG, PNG, GIF or WebP pictures`);
        continue;
      }
      if (file.size > maxBytes) {
        setError(`${file.name}: each image may be at most ${formatBytes(maxBytes)}`);
        continue;
      }
      next.push({ name: file.name, dataUrl: await readAsDataUrl(file) });
      setError('');
    }
    onChange(next);
  };
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="block text-sm font-medium text-neutral-200">
        Images (optional, up to {max}, each at most {formatBytes(maxBytes)})
      </p>
      {/* The browser's own file field would say "No file chosen" beside the attached images
          (it is emptied after each pick so the same file can be added again): a button of
          ours opens it and says what is attached. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        onChange={(event) => void pick(event)}
        disabled={images.length >= max}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        className="sr-only"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={images.length >= max}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={error ? `${id}-error` : `${id}-count`}
          className="rounded-full bg-white/10 px-4 py-2 text-sm text-white hover:bg-white/20 disabled:opacity-50"
        >
          <span id={`${id}-button`}>{images.length > 0 ? 'Add more images' : 'Add images'}</span>
        </button>
        <span
          id={`${id}-count`}
          className="text-sm text-neutral-400"
          data-testid={`${testId}-count`}
        >
          {images.length === 0
            ? 'No image attached'
            : images.length === 1
              ? '1 image attached'
              : `${images.length} images attached`}
          {images.length >= max ? ` (the most there may be)` : ''}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li
              key={`${image.name}-${index}`}
              className="flex items-center gap-2 rounded bg-white/5 p-1 pr-2 text-sm"
            >
              <img src={image.dataUrl} alt="" className="h-10 w-10 rounded object-cover" />
              <span className="max-w-40 truncate">{image.name}</span>
              <button
                type="button"
                onClick={() => onChange(images.filter((_, at) => at !== index))}
                className="rounded px-1 text-neutral-400 hover:text-white"
                aria-label={`Remove ${image.name}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
