export const BUILD_INPUTS: string[];
export const HEARTBEAT_MS: number;
export const STALE_MS: number;
export interface NodeMark {
  pid: number;
  host: string;
  fingerprint: string;
}
export function listBuildInputs(root: string, inputs?: string[]): string[];
export function buildFingerprint(root: string, inputs?: string[]): string;
export function buildStateDir(webDir: string): string;
export function acquireBuildLock(
  stateDir: string,
  options?: { onWait?: (owner: { pid: number; host: string }) => void; pollMs?: number },
): Promise<() => void>;
export function liveNodes(stateDir: string, now?: number): NodeMark[];
export function registerNode(stateDir: string, fingerprint: string): () => void;
export function decideBuild(state: {
  builtFingerprint: string | null;
  fingerprint: string;
  nodes: unknown[];
}): 'reuse' | 'build' | 'refuse';
export function stampFileOf(webDir: string): string;
export function refusalMessage(nodes: NodeMark[]): string;
export function ensureBuild(options: {
  root: string;
  webDir: string;
  build: () => void;
  register?: boolean;
  onWait?: (owner: { pid: number; host: string }) => void;
}): Promise<{ decision: 'reuse' | 'build'; nodes: NodeMark[] }>;
