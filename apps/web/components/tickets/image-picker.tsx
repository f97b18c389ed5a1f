'use client';

import { useId, useState, type ChangeEvent } from 'react';

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
      <label htmlFor={id} className="block text-sm font-medium text-neutral-200">
        Images (optional, up to {max}, each at most {formatBytes(maxBytes)})
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        onChange={(event) => void pick(event)}
        disabled={images.length >= max}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        className="block w-full max-w-full text-sm text-neutral-300 file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-4 file:py-2 file:text-white hover:file:bg-white/20"
      />
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
