// Types of first-screen.mjs, for the tests that import it.
export declare const FIRST_SCREEN_BUDGET: number;
export declare const MANIFEST: string;
export declare const BOOT_SCRIPTS: string[];

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export declare function firstScreenFiles(manifest: Record<string, ManifestChunk>): string[];
/** The files of the chunk built from `key` and of every chunk it imports statically, in load order. */
export declare function chunkFiles(manifest: Record<string, ManifestChunk>, key: string): string[];
export declare function firstScreenSize(uiDir: string): { files: FileSize[]; bytes: number; gzip: number };
