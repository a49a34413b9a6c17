export declare const ENTRY_POINTS: Record<string, string>
export declare function bundleServer(serverRoot: string, names?: string[]): Promise<void>
export declare function bundleOne(serverRoot: string, name: string): Promise<void>
