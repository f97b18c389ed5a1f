// Loaded on demand: pulls three.js into its own chunk for 360° video.
import {
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  VideoTexture,
  WebGLRenderer,
} from 'three';
import { StereoEffect } from 'three/examples/jsm/effects/StereoEffect.js';

export const VR_ROTATION_STEP = 0.1;
export const VR_DEFAULT_FOV = 60;
export const VR_ZOOM_IN = 0.9;
export const VR_ZOOM_OUT = 1.1;

/** A 360° view of a video. */
export interface VrView {
  readonly canvas: HTMLCanvasElement;
  setCardboard(on: boolean): void;
  /** Turns the view by steps of 0.1 rad. */
  rotate(yawSteps: number, pitchSteps: number): void;
  /** Multiplies the field of view (x0.9 zooms in, x1.1 zooms out). */
  zoom(factor: number): void;
  readonly fov: number;
  destroy(): void;
}

export interface VrModule {
  create(video: HTMLVideoElement, container: HTMLElement): VrView;
}

export const vr: VrModule = {
  create(video, container) {
    const renderer = new WebGLRenderer({ antialias: false });
    renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    const canvas = renderer.domElement;
    canvas.className = 'cr-vr-canvas';
    canvas.dataset.fov = VR_DEFAULT_FOV.toFixed(2);
    // Right after the video, so the controls stay above the picture.
    video.after(canvas);

    const scene = new Scene();
    const camera = new PerspectiveCamera(VR_DEFAULT_FOV, 16 / 9, 1, 1100);
    const texture = new VideoTexture(video);
    texture.colorSpace = SRGBColorSpace;
    const geometry = new SphereGeometry(500, 60, 40);
    // Seen from inside the sphere.
    geometry.scale(-1, 1, 1);
    const mesh = new Mesh(geometry, new MeshBasicMaterial({ map: texture }));
    scene.add(mesh);
    const stereo = new StereoEffect(renderer);
    let isCardboard = false;
    let yaw = 0;
    let pitch = 0;

    const resize = (): void => {
      const { clientWidth: w, clientHeight: h } = container;
      if (!w || !h) return;
      renderer.setSize(w, h, false);
      stereo.setSize(w, h);
      camera.aspect = isCardboard ? w / 2 / h : w / h;
      camera.updateProjectionMatrix();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    resize();

    let drag: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent): void => {
      drag = { x: e.clientX, y: e.clientY };
    };
    const onMove = (e: PointerEvent): void => {
      if (!drag) return;
      yaw -= (e.clientX - drag.x) * 0.005;
      pitch += (e.clientY - drag.y) * 0.005;
      drag = { x: e.clientX, y: e.clientY };
    };
    const onUp = (): void => {
      drag = null;
    };
    canvas.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);

    let frame = 0;
    const render = (): void => {
      frame = requestAnimationFrame(render);
      pitch = Math.max(-1.5, Math.min(1.5, pitch));
      camera.lookAt(
        Math.cos(pitch) * Math.sin(yaw) * 100,
        Math.sin(pitch) * 100,
        -Math.cos(pitch) * Math.cos(yaw) * 100,
      );
      if (isCardboard) stereo.render(scene, camera);
      else renderer.render(scene, camera);
    };
    render();

    return {
      canvas,
      get fov() {
        return camera.fov;
      },
      setCardboard(on) {
        isCardboard = on;
        resize();
      },
      rotate(yawSteps, pitchSteps) {
        yaw += yawSteps * VR_ROTATION_STEP;
        pitch += pitchSteps * VR_ROTATION_STEP;
      },
      zoom(factor) {
        camera.fov = Math.max(20, Math.min(120, camera.fov * factor));
        camera.updateProjectionMatrix();
        canvas.dataset.fov = camera.fov.toFixed(2);
      },
      destroy() {
        cancelAnimationFrame(frame);
        observer.disconnect();
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        texture.dispose();
        geometry.dispose();
        renderer.dispose();
        canvas.remove();
      },
    };
  },
};
