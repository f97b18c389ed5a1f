// Inline SVG icons (24x24), hidden from assistive technology: buttons carry the names.
export const svg = (d: string): string =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;

export const icons = {
  play: svg('M8 5v14l11-7z'),
  pause: svg('M6 5h4v14H6zm8 0h4v14h-4z'),
  back: svg('M11 18V6l-8.5 6zm.5-6 8.5 6V6z'),
  forward: svg('M4 18l8.5-6L4 6zm9-12v12l8.5-6z'),
  volume: svg('M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z'),
  muted: svg(
    'M3 9v6h4l5 5V4L7 9zm18.1 0-1.4-1.4L17 10.3l-2.7-2.7L12.9 9l2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4-2.7-2.7z',
  ),
  fullscreen: svg('M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z'),
  exitFullscreen: svg('M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z'),
  mini: svg(
    'M19 11h-8v6h8zm4 8V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z',
  ),
  theatre: svg(
    'M19 7H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2zm0 8H5V9h14z',
  ),
  cardboard: svg(
    'M20 6H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h4.8l2-3h2.4l2 3H20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2zM7.5 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4zm9 0a2 2 0 1 1 0-4 2 2 0 0 1 0 4z',
  ),
  captions: svg(
    'M19 4H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm-8 7H9.5v-.5h-2v3h2V13H11v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1zm7 0h-1.5v-.5h-2v3h2V13H18v1a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1z',
  ),
  settings: svg(
    'M19.4 13a7.8 7.8 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.3 7.3 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.3 7.3 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.8 7.8 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.3 7.3 0 0 0 1.7 1L11 21h4l.4-2.9a7.3 7.3 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  ),
  speed: svg(
    'M20.4 8.6 19.2 10.4A8 8 0 0 1 19 18H5A8 8 0 0 1 15.6 6.8l1.8-1.2A10 10 0 0 0 3.3 19a2 2 0 0 0 1.7 1h14a2 2 0 0 0 1.7-1 10 10 0 0 0-.3-10.4zm-9.8 6.8a2 2 0 0 0 2.8 0l5.7-8.5-8.5 5.7a2 2 0 0 0 0 2.8z',
  ),
  download: svg('M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z'),
  close: svg(
    'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
  ),
  up: svg('M7.4 15.4 12 10.8l4.6 4.6L18 14l-6-6-6 6z'),
  down: svg('M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z'),
  left: svg('M15.4 16.6 10.8 12l4.6-4.6L14 6l-6 6 6 6z'),
  right: svg('M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z'),
  zoomIn: svg('M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z'),
  zoomOut: svg('M19 13H5v-2h14z'),
};
