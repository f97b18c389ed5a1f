'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { callApi } from '@/lib/client/api';

interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

type Config =
  | { provider: 'off' }
  | { provider: 'pow'; challenge: PowChallenge }
  | { provider: 'turnstile' | 'hcaptcha' | 'recaptcha'; siteKey: string };

/** Each hosted widget: its script, its element's class, the field it fills with its token. */
const HOSTED = {
  turnstile: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    className: 'cf-turnstile',
    field: 'cf-turnstile-response',
  },
  hcaptcha: {
    script: 'https://js.hcaptcha.com/1/api.js',
    className: 'h-captcha',
    field: 'h-captcha-response',
  },
  recaptcha: {
    script: 'https://www.google.com/recaptcha/api.js',
    className: 'g-recaptcha',
    field: 'g-recaptcha-response',
  },
} as const;

/**
 * The proof of work, in a worker so the page stays responsive: the number whose SHA-256 of
 * salt + number is the challenge (altcha's format), tried from 0 up.
 */
const WORKER_SOURCE = `
onmessage = async (event) => {
  const { challenge, salt, maxnumber } = event.data;
  const encoder = new TextEncoder();
  for (let number = 0; number <= maxnumber; number += 1) {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(salt + number));
    let hex = '';
    for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
    if (hex === challenge) { postMessage(number); return; }
  }
  postMessage(null);
};`;

function solveInWorker(challenge: PowChallenge): Promise<number | null> {
  const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
  const worker = new Worker(url);
  return new Promise<number | null>((resolve) => {
    worker.onmessage = (event: MessageEvent<number | null>) => resolve(event.data);
    worker.onerror = () => resolve(null);
    worker.postMessage(challenge);
  }).finally(() => {
    worker.terminate();
    URL.revokeObjectURL(url);
  });
}

/**
 * The check that registration is not made by a program: by default a proof of work the
 * browser solves while the form is filled in (no third party is asked); a hosted widget when
 * the site is configured for one. `onAnswer` gets what to send as `botCheck`; for a hosted
 * widget, the answer is read from the form when it is sent (`hostedAnswer`).
 */
const subscribeToNothing = () => () => undefined;

/**
 * `needsScript`: the site's check is on (not 'off'), so a browser without JavaScript is told
 * it cannot register here rather than shown a check that never runs.
 */
export type BotCheckState = 'loading' | 'working' | 'done' | 'failed';

export function BotCheck({
  onAnswer,
  onStateChange,
  needsScript,
}: {
  onAnswer: (answer: string | null) => void;
  /** Told of each change: a form waits for 'done' (or 'failed') before it sends. */
  onStateChange?: (state: BotCheckState) => void;
  needsScript: boolean;
}) {
  // False in the server's HTML and while hydrating, true once scripts run.
  const scripted = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const [config, setConfig] = useState<Config | null>(null);
  const [state, setState] = useState<BotCheckState>('loading');
  const answered = useRef(onAnswer);
  answered.current = onAnswer;
  const told = useRef(onStateChange);
  told.current = onStateChange;
  useEffect(() => told.current?.(state), [state]);

  useEffect(() => {
    let live = true;
    (async () => {
      const result = await callApi('/api/v2/recaptchaConfig', {});
      if (!live) return;
      if (!result.ok) {
        setState('failed');
        return;
      }
      // An answer schema is one object, so its fields are optional there; the server fills
      // them by provider, as Config says.
      const loaded = result.body as Config;
      setConfig(loaded);
      if (loaded.provider === 'off') {
        answered.current(null);
        setState('done');
      } else if (loaded.provider === 'pow') {
        setState('working');
        const number = await solveInWorker(loaded.challenge);
        if (!live) return;
        if (number === null) {
          setState('failed');
          return;
        }
        answered.current(btoa(JSON.stringify({ ...loaded.challenge, number })));
        setState('done');
      } else {
        const hosted = HOSTED[loaded.provider];
        if (!document.querySelector(`script[src="${hosted.script}"]`)) {
          const script = document.createElement('script');
          script.src = hosted.script;
          script.async = true;
          document.head.append(script);
        }
        setState('done');
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  if (!scripted) {
    return needsScript ? (
      <noscript>
        <p data-testid="bot-check-needs-script" className="mb-4 text-sm text-amber-300">
          Registering here needs JavaScript, for the check that you are not a robot. Please turn it
          on and reload the page.
        </p>
      </noscript>
    ) : null;
  }
  if (config && config.provider !== 'off' && config.provider !== 'pow') {
    const hosted = HOSTED[config.provider];
    return <div className={`${hosted.className} mb-4`} data-sitekey={config.siteKey} />;
  }
  if (config?.provider === 'off') return null;
  return (
    <p
      role="status"
      data-testid="bot-check"
      data-state={state}
      className="mb-4 text-xs text-neutral-400"
    >
      {state === 'done'
        ? 'Checked: this browser is not a robot.'
        : state === 'failed'
          ? 'The check that you are not a robot did not work. Please reload the page.'
          : 'Checking that this browser is not a robot (it takes a moment, nothing to do)…'}
    </p>
  );
}

/** A hosted widget's token, read from the form it filled in. */
export function hostedAnswer(form: HTMLFormElement): string | null {
  const data = new FormData(form);
  for (const { field } of Object.values(HOSTED)) {
    const value = data.get(field);
    if (typeof value === 'string' && value) return value;
  }
  return null;
}
