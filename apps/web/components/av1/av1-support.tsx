'use client';

import { useEffect, useState } from 'react';

type Support =
  | { state: 'checking' }
  | { state: 'unknown' }
  | { state: 'known'; supported: boolean; smooth: boolean; powerEfficient: boolean };

/** A 1080p AV1 stream like the ones the AV1 rendition serves. */
const AV1_1080P: MediaDecodingConfiguration = {
  type: 'media-source',
  video: {
    contentType: 'video/mp4; codecs="av01.0.08M.08"',
    width: 1920,
    height: 1080,
    bitrate: 3_000_000,
    framerate: 30,
  },
};

/** Asks this browser, through the Media Capabilities API, whether it decodes AV1. */
export function Av1Support() {
  const [support, setSupport] = useState<Support>({ state: 'checking' });
  useEffect(() => {
    if (!('mediaCapabilities' in navigator)) {
      setSupport({ state: 'unknown' });
      return;
    }
    navigator.mediaCapabilities
      .decodingInfo(AV1_1080P)
      .then((info) =>
        setSupport({
          state: 'known',
          supported: info.supported,
          smooth: info.smooth,
          powerEfficient: info.powerEfficient,
        }),
      )
      .catch(() => setSupport({ state: 'unknown' }));
  }, []);

  const text =
    support.state === 'checking'
      ? 'Checking your browser…'
      : support.state === 'unknown'
        ? 'Your browser cannot tell us whether it decodes AV1 (no Media Capabilities API).'
        : !support.supported
          ? 'Your browser does not decode AV1: you get H.264 streams, which play everywhere.'
          : `Your browser decodes AV1${support.smooth ? ' smoothly' : ''}${support.powerEfficient ? ', in hardware' : ', in software'}.`;
  return (
    <p
      role="status"
      data-testid="av1-support"
      data-state={support.state === 'known' ? String(support.supported) : support.state}
      className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 font-medium text-white"
    >
      {text}
    </p>
  );
}
