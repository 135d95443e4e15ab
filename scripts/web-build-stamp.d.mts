export interface WebBuildStamp {
  commit: string | null;
  sourceHash: string;
}
export const STAMP_FILE: string;
export const WEB_SOURCES: string[];
export function hashWebSources(root: string): string;
export function currentCommit(root: string): string | null;
export function computeStamp(root: string): WebBuildStamp;
export function readStamp(distDir: string): WebBuildStamp | null;
export function staleReason(built: WebBuildStamp | null, current: WebBuildStamp): string | null;
