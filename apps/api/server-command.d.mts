export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function serverArgs(repoRoot: string, ...extra: string[]): string[];
