/** The display modes; exactly one is active. */
export type DisplayMode = 'normal' | 'fullscreen' | 'theatre' | 'mini';

/** What a transition asks the player to undo and to apply. */
export interface ModeTransition {
  from: DisplayMode;
  to: DisplayMode;
}

/**
 * The display-mode machine: entering a mode exits the others; toggling the active mode goes back
 * to normal. Pure, so the rules are testable without a DOM.
 */
export class ModeMachine {
  #mode: DisplayMode = 'normal';

  get mode(): DisplayMode {
    return this.#mode;
  }

  /** Switches `mode` on (or off when it is active), returning the transition or null if none. */
  toggle(mode: Exclude<DisplayMode, 'normal'>, on?: boolean): ModeTransition | null {
    const isOn = this.#mode === mode;
    const want = on ?? !isOn;
    if (want === isOn) return null;
    return this.set(want ? mode : 'normal');
  }

  set(mode: DisplayMode): ModeTransition | null {
    if (mode === this.#mode) return null;
    const transition = { from: this.#mode, to: mode };
    this.#mode = mode;
    return transition;
  }
}
