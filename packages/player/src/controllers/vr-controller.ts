// The 360° view (three.js, loaded on demand), the cardboard toggle and the joystick panel.
import { el, iconButton } from '../dom.ts';
import { icons } from '../icons.ts';
import { loadVrEngine } from '../lazy-load.ts';
import type { VrView } from '../lazy/vr-engine.ts';
import { logError } from '../log.ts';
import type { PlayerContext } from './context.ts';

export class VrController {
  readonly joystick = el('div', 'cr-joystick', { role: 'group', 'aria-label': 'VR controls' });
  readonly #ctx: PlayerContext;
  #view: VrView | null = null;
  #isCardboard = false;

  constructor(ctx: PlayerContext) {
    this.#ctx = ctx;
    this.joystick.hidden = true;
    ctx.onDestroy(() => this.#view?.destroy());
    if (ctx.options.layoutControls.showCardBoardView) void this.#start();
  }

  get isCardboard(): boolean {
    return this.#isCardboard;
  }

  toggleCardboard(): boolean {
    this.#isCardboard = !this.#isCardboard;
    this.#view?.setCardboard(this.#isCardboard);
    return this.#isCardboard;
  }

  async #start(): Promise<void> {
    const ctx = this.#ctx;
    try {
      const module = await loadVrEngine();
      if (ctx.isDestroyed) return;
      this.#view = module.create(ctx.video, ctx.root);
      ctx.root.classList.add('cr-vr');
      ctx.trigger('vrReady');
      if (ctx.options.layoutControls.showCardBoardJoystick) this.#buildJoystick();
    } catch (error) {
      logError(`The 360° view could not start: ${String(error)}`);
    }
  }

  #buildJoystick(): void {
    const make = (label: string, icon: string, run: () => void): HTMLButtonElement => {
      const b = iconButton('cr-joy', label, icon);
      b.addEventListener('click', run);
      return b;
    };
    this.joystick.replaceChildren(
      make('Look up', icons.up, () => this.#view?.rotate(0, 1)),
      make('Look left', icons.left, () => this.#view?.rotate(-1, 0)),
      make('Look right', icons.right, () => this.#view?.rotate(1, 0)),
      make('Look down', icons.down, () => this.#view?.rotate(0, -1)),
      make('Zoom in', icons.zoomIn, () => this.#view?.zoom(0.9)),
      make('Zoom out', icons.zoomOut, () => this.#view?.zoom(1.1)),
    );
    this.joystick.hidden = false;
  }
}
