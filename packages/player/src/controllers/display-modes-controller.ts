// Display modes (docs/player/behaviour.md): normal, fullscreen, theatre and the mini player exclude
// each other; entering one exits the others and triggers 'modeChange'. Theatre and the mini player
// fire their events; the mini player can open by itself when the playing video scrolls out of view, and a swipe closes it
// on small screens.
import { el, throttle } from '../dom.ts';
import { logError } from '../log.ts';
import { ModeMachine } from '../modes.ts';
import type { DisplayMode, ModeTransition } from '../modes.ts';
import type { PlayerContext } from './context.ts';

const MOBILE_BREAKPOINT = 768;
const SCROLL_THROTTLE_MS = 1000 / 60;
const SWIPE_THRESHOLD = 5;
const SWIPE_LIMIT = 50;

export class DisplayModesController {
  readonly #ctx: PlayerContext;
  readonly #modes = new ModeMachine();
  #placeholder: HTMLDivElement | null = null;
  #isMiniDismissed = false;
  /** True while the video plays elsewhere (picture-in-picture): the mini player does not open by itself. */
  isAway: () => boolean = () => false;

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    this.#bindFullscreen();
    this.#bindMiniPlayer();
    ctx.onDestroy(() => {
      if (this.#modes.mode !== 'normal') this.#apply(this.#modes.set('normal'));
      this.#placeholder?.remove();
    });
  }

  get mode(): DisplayMode {
    return this.#modes.mode;
  }

  toggleFullScreen(on?: boolean): void {
    this.#apply(this.#modes.toggle('fullscreen', on));
  }

  toggleMiniPlayer(on?: boolean): void {
    if (!this.#ctx.options.layoutControls.miniPlayer.enabled && on !== false) return;
    const transition = this.#modes.toggle('mini', on);
    if (transition && transition.from === 'mini') this.#isMiniDismissed = true;
    this.#apply(transition);
  }

  toggleTheatre(on?: boolean): void {
    if (!this.#ctx.options.layoutControls.allowTheatre && on !== false) return;
    this.#apply(this.#modes.toggle('theatre', on));
  }

  #apply(transition: ModeTransition | null): void {
    if (!transition) return;
    this.#exit(transition.from);
    this.#enter(transition.to);
    this.#ctx.root.dataset.mode = transition.to;
    this.#ctx.trigger('modeChange', transition.from, transition.to);
  }

  #exit(mode: DisplayMode): void {
    if (mode === 'fullscreen' && document.fullscreenElement === this.#ctx.root)
      void document.exitFullscreen().catch(() => {});
    if (mode === 'theatre') this.#setTheatre(false);
    if (mode === 'mini') this.#setMini(false);
  }

  #enter(mode: DisplayMode): void {
    const root = this.#ctx.root;
    if (mode === 'fullscreen' && document.fullscreenElement !== root) {
      // Browsers refuse fullscreen without a user gesture: go back to normal.
      root.requestFullscreen?.()?.catch(() => {
        if (this.#modes.mode === 'fullscreen') this.#apply(this.#modes.set('normal'));
      });
    }
    if (mode === 'theatre') this.#setTheatre(true);
    if (mode === 'mini') this.#setMini(true);
  }

  #bindFullscreen(): void {
    this.#ctx.listen(document, 'fullscreenchange', () => {
      const isOurs = document.fullscreenElement === this.#ctx.root;
      if (isOurs && this.#modes.mode !== 'fullscreen') this.#apply(this.#modes.set('fullscreen'));
      if (!isOurs && this.#modes.mode === 'fullscreen') this.#apply(this.#modes.set('normal'));
    });
  }

  #setTheatre(on: boolean): void {
    const { root, options } = this.#ctx;
    const lc = options.layoutControls;
    const advanced = lc.theatreAdvanced;
    let isHandled = false;
    if (advanced.theatreElement) {
      const target = document.getElementById(advanced.theatreElement);
      if (target && advanced.classToApply) {
        target.classList.toggle(advanced.classToApply, on);
        isHandled = true;
      } else if (on) {
        logError(
          `Theatre element "${advanced.theatreElement}" not found: using the default theatre.`,
        );
      }
    }
    if (!isHandled) {
      const t = lc.theatreSettings;
      root.classList.toggle('cr-theatre', on);
      root.classList.toggle('fluid_theatre_mode', on);
      root.style.setProperty('--cr-theatre-width', on ? t.width : '');
      // A percentage height means a share of the viewport: the page's height is rarely set.
      const height = t.height.endsWith('%') ? t.height.replace('%', 'vh') : t.height;
      root.style.setProperty('--cr-theatre-height', on ? height : '');
      root.style.setProperty('--cr-theatre-margin-top', on ? `${t.marginTop}px` : '');
      root.dataset.align = t.horizontalAlign;
    }
    this.#ctx.emit(on ? 'theatreModeOn' : 'theatreModeOff');
  }

  #bindMiniPlayer(): void {
    const { root, options } = this.#ctx;
    const mp = options.layoutControls.miniPlayer;
    if (!mp.enabled) return;
    if (mp.autoToggle) {
      const check = throttle(() => this.#autoToggleMini(), SCROLL_THROTTLE_MS);
      this.#ctx.listen(window, 'scroll', check, { passive: true });
    }
    // Swipe to close on small screens: moves after 5 px, closes beyond 50 px.
    let startX: number | null = null;
    let dx = 0;
    this.#ctx.listen<TouchEvent>(
      root,
      'touchstart',
      (e) => {
        if (this.#modes.mode !== 'mini' || window.innerWidth >= MOBILE_BREAKPOINT) return;
        startX = e.touches[0]?.clientX ?? null;
        dx = 0;
      },
      { passive: true },
    );
    this.#ctx.listen<TouchEvent>(
      root,
      'touchmove',
      (e) => {
        if (startX === null) return;
        dx = (e.touches[0]?.clientX ?? startX) - startX;
        if (Math.abs(dx) > SWIPE_THRESHOLD) root.style.transform = `translateX(${dx}px)`;
      },
      { passive: true },
    );
    this.#ctx.listen(root, 'touchend', () => {
      if (startX === null) return;
      startX = null;
      root.style.transform = '';
      if (Math.abs(dx) > SWIPE_LIMIT) {
        this.#ctx.video.pause();
        this.toggleMiniPlayer(false);
      }
    });
  }

  #autoToggleMini(): void {
    const mode = this.#modes.mode;
    const visible = (node: Element): number => {
      const r = node.getBoundingClientRect();
      const h = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
      return r.height > 0 ? Math.max(0, h) / r.height : 0;
    };
    if (mode === 'mini' && this.#placeholder) {
      if (visible(this.#placeholder) >= 0.5) this.toggleMiniPlayer(false);
      return;
    }
    if (mode !== 'normal') return;
    if (visible(this.#ctx.root) >= 0.5) {
      this.#isMiniDismissed = false;
      return;
    }
    const v = this.#ctx.video;
    if (!this.#isMiniDismissed && !v.paused && !v.ended && !this.isAway()) {
      this.#apply(this.#modes.toggle('mini', true));
    }
  }

  #setMini(on: boolean): void {
    const { root, options } = this.#ctx;
    const mp = options.layoutControls.miniPlayer;
    const corner = `cr-mini-${mp.position.replace(' ', '-')}`;
    if (on) {
      const rect = root.getBoundingClientRect();
      const placeholder = el('div', 'cr-mini-placeholder');
      placeholder.style.width = `${rect.width}px`;
      placeholder.style.height = `${rect.height}px`;
      placeholder.textContent = mp.placeholderText;
      root.parentNode?.insertBefore(placeholder, root);
      this.#placeholder = placeholder;
      root.classList.add('cr-mini', corner);
      const isMobile = window.innerWidth < MOBILE_BREAKPOINT;
      root.style.setProperty('--cr-mini-width', isMobile ? `${mp.widthMobile}vw` : `${mp.width}px`);
      root.style.setProperty(
        '--cr-mini-height',
        isMobile ? `calc(${mp.widthMobile}vw * 9 / 16)` : `${mp.height}px`,
      );
    } else {
      root.classList.remove('cr-mini', corner);
      this.#placeholder?.remove();
      this.#placeholder = null;
    }
    this.#ctx.emit('miniPlayerToggle', { isToggledOn: on });
  }
}
