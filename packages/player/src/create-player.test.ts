import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { createPlayer } from './player.ts';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

/** The controls and the rest are built in a task after the constructor's (no frame here). */
const partsBuilt = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function addVideo(id = 'v'): HTMLVideoElement {
  const video = document.createElement('video');
  video.id = id;
  video.innerHTML =
    '<source src="/a.mp4" type="video/mp4" title="A"><track kind="metadata" src="data:text/vtt,WEBVTT" label="English">';
  document.body.append(video);
  return video;
}

describe('createPlayer targets', () => {
  test('a missing id, a non-video element and a second init are clear errors', () => {
    expect(() => createPlayer('nope')).toThrow('no element with id "nope"');
    const div = document.createElement('div');
    div.id = 'd';
    document.body.append(div);
    expect(() => createPlayer('d')).toThrow('must be a <video> element');
    addVideo();
    const player = createPlayer('v');
    expect(() => createPlayer('v')).toThrow('already initialized');
    player.destroy();
  });

  test('builds named buttons and gives the element back on destroy; it can be created again', async () => {
    const video = addVideo();
    const player = createPlayer(video, { layoutControls: { title: 'Hello' } });
    await partsBuilt();
    const root = document.querySelector('.cutroom-player')!;
    expect(root.contains(video)).toBe(true);
    expect(video.querySelectorAll('source, track')).toHaveLength(0);
    for (const button of root.querySelectorAll('button')) {
      expect(button.getAttribute('aria-label')).toBeTruthy();
    }
    expect(root.querySelector('.cr-title')!.textContent).toBe('Hello');
    player.destroy();
    expect(document.querySelector('.cutroom-player')).toBeNull();
    expect(video.parentElement).toBe(document.body);
    expect(video.querySelectorAll('source')).toHaveLength(1);
    expect(video.querySelectorAll('track')).toHaveLength(1);
    const again = createPlayer(video);
    expect(document.querySelectorAll('.cutroom-player')).toHaveLength(1);
    again.destroy();
  });

  test('on() with an unknown event logs an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    addVideo();
    const player = createPlayer('v');
    player.on('nonsense' as 'play', () => {});
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Unknown event "nonsense"'));
    player.destroy();
  });

  test('modes exclude each other and theatre is saved', () => {
    addVideo();
    const player = createPlayer('v');
    const seen: string[] = [];
    player.on('theatreModeOn', () => seen.push('theatreOn'));
    player.on('theatreModeOff', () => seen.push('theatreOff'));
    player.on('miniPlayerToggle', (info) => seen.push(`mini:${String(info.isToggledOn)}`));
    player.toggleTheatre();
    expect(player.displayMode).toBe('theatre');
    expect(JSON.parse(localStorage.getItem('cutroom-player')!).theatre).toBe(true);
    player.toggleMiniPlayer();
    expect(player.displayMode).toBe('mini');
    expect(document.querySelector('.cr-mini-placeholder')!.textContent).toBe(
      'Playing in Miniplayer',
    );
    player.toggleMiniPlayer();
    expect(player.displayMode).toBe('normal');
    expect(seen).toEqual(['theatreOn', 'theatreOff', 'mini:true', 'mini:false']);
    player.destroy();
  });

  test('a missing theatre element falls back to the default theatre with a logged error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    addVideo();
    const player = createPlayer('v', {
      layoutControls: { theatreAdvanced: { theatreElement: 'missing', classToApply: 'wide' } },
    });
    player.toggleTheatre(true);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('Theatre element "missing" not found'),
    );
    expect(document.querySelector('.cutroom-player')!.classList.contains('cr-theatre')).toBe(true);
    player.destroy();
    const page = document.createElement('div');
    page.id = 'layout';
    document.body.append(page);
    addVideo('w');
    const second = createPlayer('w', {
      layoutControls: { theatreAdvanced: { theatreElement: 'layout', classToApply: 'wide' } },
    });
    second.toggleTheatre(true);
    expect(page.classList.contains('wide')).toBe(true);
    second.toggleTheatre(false);
    expect(page.classList.contains('wide')).toBe(false);
    second.destroy();
  });

  test('htmlOnPauseBlock shows only while paused after a start', async () => {
    addVideo();
    const player = createPlayer('v', {
      layoutControls: { htmlOnPauseBlock: { html: '<b>Paused</b>', width: 200 } },
    });
    await partsBuilt();
    const block = document.querySelector<HTMLElement>('.cr-pause-block')!;
    expect(block.hidden).toBe(true);
    player.video.dispatchEvent(new Event('play'));
    player.video.dispatchEvent(new Event('pause'));
    expect(block.hidden).toBe(!player.video.paused);
    expect(block.innerHTML).toBe('<b>Paused</b>');
    expect(block.style.width).toBe('200px');
    player.setHtmlOnPauseBlock({ html: '<i>Other</i>' });
    expect(block.innerHTML).toBe('<i>Other</i>');
    player.destroy();
  });
});

test('.mkv sources are refused on iOS with a log, and the next source is used', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
  );
  const video = document.createElement('video');
  video.id = 'ios';
  video.innerHTML = '<source src="/a.mkv"><source src="/b.mp4" type="video/mp4">';
  document.body.append(video);
  const player = createPlayer('ios');
  expect(log).toHaveBeenCalledWith(expect.stringContaining('.mkv files are not supported by iOS'));
  expect(video.getAttribute('src')).toMatch(/\/b\.mp4$/);
  player.destroy();
});

test('toggleControlBar hides the controls until the next user activity', () => {
  addVideo();
  const player = createPlayer('v');
  const root = player.element;
  player.toggleControlBar(false);
  expect(root.classList.contains('cr-inactive')).toBe(true);
  root.dispatchEvent(new Event('pointermove'));
  expect(root.classList.contains('cr-inactive')).toBe(false);
  player.destroy();
});

test('before the metadata, a known duration and a pending start show in the time and the chapters', async () => {
  // The ready states a browser has (happy-dom lacks them): the seek waits for the metadata.
  Object.defineProperty(HTMLMediaElement, 'HAVE_METADATA', { configurable: true, value: 1 });
  onTestFinished(() => void Reflect.deleteProperty(HTMLMediaElement, 'HAVE_METADATA'));
  const video = addVideo();
  const player = createPlayer('v', {
    layoutControls: { preload: 'none', knownDuration: 200, allowCasting: false },
  });
  // Set at once: drawn once the parts are built.
  player.setChapters([
    { startTime: 0, title: 'Intro' },
    { startTime: 50, title: 'Middle' },
  ]);
  expect(player.element.querySelector('.cr-controls')).toBeNull();
  await partsBuilt();
  const root = player.element;
  const time = () => root.querySelector('.cr-time')?.textContent;
  const progress = root.querySelector<HTMLElement>('.cr-progress');
  expect(time()).toBe('0:00 / 3:20');
  expect(progress?.getAttribute('aria-valuemax')).toBe('200');
  const markers = () =>
    [...root.querySelectorAll<HTMLElement>('.cr-chapter-marker')].map((m) => m.style.left);
  expect(markers()).toEqual(['25%']);

  // A ?t= or resume start waits for the metadata and is shown as the current time meanwhile.
  player.skipTo(83);
  expect(time()).toBe('1:23 / 3:20');
  expect(root.querySelector<HTMLElement>('.cr-played')?.style.width).toBe('41.5%');

  // The media's metadata wins over the known duration, and the seek is made.
  Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
  Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
  video.dispatchEvent(new Event('loadedmetadata'));
  await vi.waitFor(() => expect(video.currentTime).toBe(83));
  expect(time()).toBe('1:23 / 1:40');
  expect(markers()).toEqual(['50%']);
  player.destroy();
});

test('an invalid knownDuration is ignored with a warning', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  addVideo();
  const player = createPlayer('v', { layoutControls: { knownDuration: -3, allowCasting: false } });
  await partsBuilt();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('knownDuration'));
  expect(player.element.querySelector('.cr-time')?.textContent).toBe('0:00 / 0:00');
  player.destroy();
});

describe('the parts built after the content has started loading', () => {
  test('the source is set at once; the controls and playerInitCallback come in a later task', async () => {
    const video = addVideo();
    const init = vi.fn();
    const player = createPlayer(video, {
      layoutControls: { playerInitCallback: init, allowCasting: false },
    });
    expect(video.getAttribute('src')).toMatch(/\/a\.mp4$/);
    expect(player.element.contains(video)).toBe(true);
    expect(player.element.querySelector('.cr-poster')).not.toBeNull();
    expect(player.element.querySelector('.cr-controls')).toBeNull();
    expect(init).not.toHaveBeenCalled();
    await partsBuilt();
    expect(player.element.querySelector('.cr-controls')).not.toBeNull();
    expect(init).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith(player);
    player.destroy();
  });

  test('methods called right after creation act, and the saved settings do not undo them', async () => {
    localStorage.setItem(
      'cutroom-player',
      JSON.stringify({ volume: 0.3, mute: false, speed: 1.5, theatre: true }),
    );
    const video = addVideo();
    const player = createPlayer(video, { layoutControls: { allowCasting: false } });
    player.setVolume(0.8);
    player.setPlaybackSpeed(2);
    // The saved theatre mode was applied before the call, as when the player is left alone.
    expect(player.displayMode).toBe('theatre');
    player.toggleControlBar(false);
    expect(player.element.classList.contains('cr-inactive')).toBe(true);
    await partsBuilt();
    expect(video.volume).toBe(0.8);
    expect(video.playbackRate).toBe(2);
    const theatre = player.element.querySelector('.cr-theatre-btn')!;
    expect(theatre.getAttribute('aria-pressed')).toBe('true');
    player.destroy();
  });

  test('a play() right after creation runs once the saved volume is applied', async () => {
    localStorage.setItem('cutroom-player', JSON.stringify({ volume: 0.2 }));
    const volumes: number[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      volumes.push(this.volume);
      return Promise.resolve();
    });
    const video = addVideo();
    const player = createPlayer(video, { layoutControls: { allowCasting: false } });
    player.play();
    expect(volumes).toEqual([]);
    await partsBuilt();
    expect(volumes).toEqual([0.2]);
    player.destroy();
  });

  test('the saved theatre mode applied before the controls exist shows on their button', async () => {
    localStorage.setItem('cutroom-player', JSON.stringify({ theatre: true }));
    addVideo();
    const player = createPlayer('v', { layoutControls: { allowCasting: false } });
    await partsBuilt();
    expect(player.displayMode).toBe('theatre');
    expect(player.element.querySelector('.cr-theatre-btn')!.getAttribute('aria-pressed')).toBe(
      'true',
    );
    player.destroy();
  });

  test('destroyed before its parts are built, the player builds none and gives the video back', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const init = vi.fn();
    const video = addVideo();
    const player = createPlayer(video, { layoutControls: { playerInitCallback: init } });
    player.destroy();
    await partsBuilt();
    expect(document.querySelector('.cutroom-player')).toBeNull();
    expect(document.querySelector('.cr-controls')).toBeNull();
    expect(video.parentElement).toBe(document.body);
    expect(init).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
